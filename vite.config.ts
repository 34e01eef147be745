/// <reference types="vitest/config" />
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';
import { storybookTest } from '@storybook/addon-vitest/vitest-plugin';
import { playwright } from '@vitest/browser-playwright';
import { precompress } from './scripts/build/precompress.mjs';
import { pruneUnusedTokens } from './scripts/build/prune-tokens.mjs';
import { preloadFirstPage } from './scripts/build/first-page.mjs';
import { prerenderEntry } from './scripts/build/prerender.mjs';
import { appConfigTag } from './scripts/build/app-config-tag.mjs';
import { FIRST_PAGE_MODULES, PRERENDER_MODULES, ROUTE_DOCUMENTS } from './scripts/build/documents.mjs';
import { chromiumLaunchOptions } from './tests/chromium.ts';

const root = path.dirname(fileURLToPath(import.meta.url));

export default defineConfig({
  resolve: {
    alias: [
      // proj4 with only the projection the app uses (src/map/proj4-rd.ts), for the engine and proj4leaflet alike
      { find: /^proj4$/, replacement: path.join(root, 'src/map/proj4-rd.ts') },
    ],
  },
  // JSX and Fast Refresh (npm run dev): an edited component is redrawn in place, its state kept
  plugins: [react(), appConfigTag(), preloadFirstPage({ modules: FIRST_PAGE_MODULES, routes: ROUTE_DOCUMENTS }), pruneUnusedTokens(), precompress(), prerenderEntry(PRERENDER_MODULES)],
  // Pre-bundle the map libraries up front: discovering them mid-run reloads Storybook's test page.
  optimizeDeps: { include: ['leaflet', 'proj4leaflet', 'react-leaflet', 'proj4'] },
  build: {
    outDir: 'dist',
    sourcemap: true,
    rollupOptions: {
      // What the entry imports itself is in one file (it is loaded on every page anyway), not in a
      // dozen small ones: on a phone over HTTP/1.1 each file waits its turn for one of six connections.
      output: { codeSplitting: { groups: [{ name: 'app', tags: ['$initial'] }] } },
    },
  },
  server: {
    proxy: {
      '/signals': 'http://localhost:8080',
      '/dev': 'http://localhost:8080',
      '/stand-ins': 'http://localhost:8080',
    },
  },
  test: {
    projects: [
      {
        extends: true,
        test: {
          name: 'engine',
          environment: 'node',
          include: ['engine/**/*.test.ts'],
          // CI runs every project at once on 2 cores: vitest's 5 s is too short for the bigger walks
          // (property tests that need longer say so themselves)
          testTimeout: 30_000,
        },
      },
      {
        extends: true,
        test: {
          name: 'question-sets',
          environment: 'node',
          include: ['question-sets/**/*.test.ts'],
          testTimeout: 30_000,
        },
      },
      {
        extends: true,
        test: {
          name: 'server',
          environment: 'node',
          include: ['server/**/*.test.ts'],
          // the first app of a file loads the whole server (transformed on the fly) and opens
          // PGlite: on a busy 2-core machine a restart test (two apps on one data folder) takes
          // well over a minute, without anything being wrong
          testTimeout: 180_000,
          hookTimeout: 300_000,
          fileParallelism: false,
        },
      },
      {
        extends: true,
        test: {
          name: 'ui',
          environment: 'jsdom',
          include: ['renderer/**/*.test.tsx', 'src/**/*.test.tsx', 'src/**/*.test.ts', 'renderer/**/*.test.ts'],
          setupFiles: [path.join(root, 'tests/setup/jsdom.ts')],
          // whole pages (wizard, detail page, settings) render and re-render in jsdom: on a busy
          // machine (CI: 2 cores, every project at once) one test takes well over vitest's 5 s;
          // the waits of Testing Library get more than their 1 s in tests/setup/jsdom.ts
          testTimeout: 30_000,
          expect: { poll: { timeout: 10_000 } },
        },
      },
      {
        extends: true,
        plugins: [storybookTest({ configDir: path.join(root, '.storybook') })],
        test: {
          name: 'storybook',
          browser: {
            enabled: true,
            headless: true,
            provider: playwright({ launchOptions: chromiumLaunchOptions }),
            instances: [{ browser: 'chromium' }],
          },
        },
      },
      {
        extends: true,
        test: {
          name: 'e2e',
          environment: 'node',
          include: ['tests/e2e/**/*.e2e.ts'],
          globalSetup: [path.join(root, 'tests/e2e/global-setup.ts')],
          // Every file starts its own server on a copy of the template database (setup-file.ts),
          // so files share nothing and run two at a time (one per core).
          setupFiles: [path.join(root, 'tests/e2e/setup-file.ts')],
          testTimeout: 120_000,
          hookTimeout: 300_000,
          // expect.poll waits for what the page shows: 1 s (vitest's default) is too short on a busy machine
          expect: { poll: { timeout: 30_000, interval: 100 } },
          fileParallelism: true,
          maxWorkers: 2,
        },
      },
    ],
  },
});

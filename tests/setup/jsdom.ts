import '@testing-library/jest-dom/vitest';
import { cleanup, configure } from '@testing-library/react';
import { afterEach } from 'vitest';

// findBy…/waitFor wait for what a person waits for: Testing Library's 1 s is too short on a busy
// machine (CI runs every project at once on 2 cores). The tests' own timeout is in vite.config.ts.
configure({ asyncUtilTimeout: 10_000 });

afterEach(() => cleanup());

/**
 * Runs in every end-to-end test file: a server of the file's own, on a fresh copy of the
 * template database, started before the file's tests and stopped after them. Tests reach
 * it through `baseUrl()` from `support.ts`.
 */
import { cpSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, inject } from 'vitest';
import { SERVER_START_TIMEOUT, startServer, type RunningServer } from './server.ts';
import { useServer } from './support.ts';

let server: RunningServer | undefined;

beforeAll(async () => {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'meldloket-e2e-'));
  cpSync(inject('e2eTemplateDir'), dataDir, { recursive: true });
  server = await startServer(dataDir);
  useServer(server);
}, SERVER_START_TIMEOUT + 60_000);

afterAll(async () => {
  await server?.stop();
  if (server) rmSync(server.dataDir, { recursive: true, force: true });
});

/**
 * The server's HTTP boundary (docs/architecture.md#errors-and-the-http-boundary): only the
 * modules that speak HTTP import `server/src/http/`: the app's assembly, the routes, the
 * Fastify plugins and a feature's route, http and serialiser files. A service, store or rule
 * throws the domain's errors (server/src/domain/errors.ts) and reads ids, datetimes and
 * field messages from server/src/domain/; the one error handler turns them into answers.
 */
import { readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { importsOf } from './imports.ts';

const root = path.resolve(import.meta.dirname, '../..');
const serverSrc = path.join(root, 'server/src');
const httpDir = path.join(serverSrc, 'http');

/** Modules of server/src (relative, '/'-separated) that may import http/. */
export const SPEAKS_HTTP: readonly RegExp[] = [
  /^(app|main)\.ts$/,
  /^(http|routes|plugins)\//,
  /(^|\/)routes\.ts$/,
  /-routes\.ts$/,
  /(^|\/)http\.ts$/,
  /(^|\/)plugin\.ts$/,
  /(^|\/|-)serialize\.ts$/,
];

export const speaksHttp = (relative: string) => SPEAKS_HTTP.some((rule) => rule.test(relative));

function sourceFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const full = path.join(dir, name);
    if (statSync(full).isDirectory()) return sourceFiles(full);
    return name.endsWith('.ts') && !name.endsWith('.test.ts') && !name.endsWith('.d.ts') ? [full] : [];
  });
}

/** The http/ modules `file` imports. */
export function httpImports(file: string, code: string): string[] {
  return importsOf(code)
    .filter((specifier) => specifier.startsWith('.'))
    .map((specifier) => path.resolve(path.dirname(file), specifier))
    .filter((target) => target === httpDir || target.startsWith(httpDir + path.sep))
    .map((target) => path.relative(serverSrc, target).split(path.sep).join('/'));
}

describe('the HTTP boundary of the server', () => {
  const files = sourceFiles(serverSrc).map((file) => ({ file, relative: path.relative(serverSrc, file).split(path.sep).join('/') }));

  it('finds the modules it judges', () => {
    expect(files.filter((f) => speaksHttp(f.relative)).length).toBeGreaterThan(30);
    expect(files.filter((f) => !speaksHttp(f.relative)).length).toBeGreaterThan(100);
  });

  it('no service, store or rule imports http/', () => {
    const offending = files
      .filter(({ relative }) => !speaksHttp(relative))
      .flatMap(({ file, relative }) => httpImports(file, readFileSync(file, 'utf8')).map((target) => `${relative} imports ${target}`));
    expect(offending).toEqual([]);
  });

  it('catches a service that imports http/', () => {
    const service = path.join(serverSrc, 'services/example/index.ts');
    expect(speaksHttp('services/example/index.ts')).toBe(false);
    expect(httpImports(service, "import { ApiError } from '../../http/api-error.ts';\nimport { x } from '../../domain/errors.ts';")).toEqual(['http/api-error.ts']);
    expect(speaksHttp('services/workflow/plugin.ts')).toBe(true);
  });
});

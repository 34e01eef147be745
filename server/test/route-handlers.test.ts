/**
 * No SQL in route handlers. The route folders, the private (staff) API's included, read and
 * write through services and stores (server/src/services, server/src/settings,
 * server/src/followup, …); a handler maps HTTP onto them. Domain refusals are thrown and
 * answered by the one error handler, so no route maps them itself.
 */
import { readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const ROUTES = fileURLToPath(new URL('../src/routes/', import.meta.url));
/** Every route folder (the stand-ins hold no database). */
const FOLDERS = readdirSync(ROUTES).filter((name) => name !== 'stand-ins' && statSync(path.join(ROUTES, name)).isDirectory());

function sources(folder: string): { file: string; text: string }[] {
  return readdirSync(path.join(ROUTES, folder), { recursive: true, encoding: 'utf8' })
    .filter((name) => name.endsWith('.ts') && !name.endsWith('.test.ts'))
    .map((name) => ({ file: `${folder}/${name}`, text: readFileSync(path.join(ROUTES, folder, name), 'utf8') }));
}

const SQL = /\.(selectFrom|insertInto|updateTable|deleteFrom|replaceInto)\(|\bsql`/;
const LOCAL_MAPPING = /\bsend(Known|Session)Error\b|instanceof (AccessError|FlowError|ApiError|DomainError)/;

describe('route handlers', () => {
  it('the folders under test exist', () => {
    expect(FOLDERS).toEqual(expect.arrayContaining(['private', 'qa', 'questions', 'health', 'signals', 'feedback', 'reporter', 'terms']));
  });

  it.each(FOLDERS)('%s: no SQL in a handler', (folder) => {
    const offending = sources(folder).filter(({ text }) => SQL.test(text)).map(({ file }) => file);
    expect(offending).toEqual([]);
  });

  it.each(FOLDERS)('%s: domain errors are left to the one error handler', (folder) => {
    const offending = sources(folder).filter(({ text }) => LOCAL_MAPPING.test(text)).map(({ file }) => file);
    expect(offending).toEqual([]);
  });
});

/**
 * One catalogue of permissions (server/src/auth/catalogue.ts): the server's routes and rules name a
 * permission by the `Permission` type, so a codename outside the catalogue does not compile there.
 * The app names them as strings (its controls follow the rights: src/auth/areas.ts, the role
 * editor): every codename it names must be one the catalogue has, or a control would follow a
 * permission nobody can hold.
 */
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { PERMISSIONS } from '../src/auth/catalogue.ts';

const root = path.resolve(import.meta.dirname, '../..');
// a codename as a string, or as a key of an object (the role editor's table of names)
const NAME = String.raw`sia_[a-z0-9_]+|(?:view|add|change|delete)_(?:group|user|department|category)|push_to_sigmax`;
const CODENAME = new RegExp(String.raw`['"\`](${NAME})['"\`]|^\s*(${NAME})\s*:`, 'gm');

function appCodenames(): Map<string, string> {
  const found = new Map<string, string>();
  const walk = (dir: string) => {
    for (const entry of readdirSync(path.join(root, dir), { withFileTypes: true })) {
      const rel = `${dir}/${entry.name}`;
      if (entry.isDirectory()) walk(rel);
      else if (/\.(ts|tsx)$/.test(entry.name) && !/\.test\.|\.stories\.|test-data/.test(entry.name)) {
        for (const m of readFileSync(path.join(root, rel), 'utf8').matchAll(CODENAME)) {
          const codename = m[1] ?? m[2]!;
          if (!found.has(codename)) found.set(codename, rel);
        }
      }
    }
  };
  walk('src');
  return found;
}

describe('the permissions the app names', () => {
  it('are each in the server\'s one catalogue', () => {
    const known = new Set(PERMISSIONS.map((p) => p.codename));
    const unknown = [...appCodenames()].filter(([codename]) => !known.has(codename)).map(([codename, file]) => `${codename} (${file})`);
    expect(unknown).toEqual([]);
  });

  it('are found where the app names them (the scan sees the areas and the role editor)', () => {
    const names = appCodenames();
    expect(names.get('sia_read')).toBeDefined();
    expect(names.get('sia_can_view_contact_details')).toBeDefined();
    expect(names.size).toBeGreaterThan(20);
  });
});

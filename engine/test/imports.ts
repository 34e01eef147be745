/** The module specifiers a source file imports (import, export … from, dynamic import, require). */

export interface ImportRef {
  specifier: string;
  /** `import type …` / `export type … from`, or every named specifier marked `type`. */
  typeOnly: boolean;
}

const STATIC = /\b(import|export)\s+(type\s+)?((?:[^'";]*?)\sfrom\s+)?['"]([^'"]+)['"]/g;
const DYNAMIC = [/\bimport\s*\(\s*['"]([^'"]+)['"]\s*\)/g, /\brequire\s*\(\s*['"]([^'"]+)['"]\s*\)/g];

function allTypes(clause: string | undefined): boolean {
  const named = clause?.match(/^\s*\{([^}]*)\}\s*from\s*$/);
  if (!named) return false;
  const items = named[1].split(',').map((x) => x.trim()).filter(Boolean);
  return items.length > 0 && items.every((x) => x.startsWith('type '));
}

export function importsOf(code: string): string[];
export function importsOf(code: string, options: { withKinds: true }): ImportRef[];
export function importsOf(code: string, options?: { withKinds: true }): string[] | ImportRef[] {
  const found: ImportRef[] = [];
  for (const m of code.matchAll(STATIC)) {
    // `export` needs a `from` to be an import.
    if (m[1] === 'export' && !m[3]) continue;
    found.push({ specifier: m[4], typeOnly: Boolean(m[2]) || allTypes(m[3]) });
  }
  for (const pattern of DYNAMIC) for (const m of code.matchAll(pattern)) found.push({ specifier: m[1], typeOnly: false });
  return options?.withKinds ? found : found.map((f) => f.specifier);
}

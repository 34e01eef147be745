import { readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { lintQuestionSet } from './lint.ts';
import type { LintProblem } from './model.ts';

/** Every .json file under a directory, sorted, relative paths kept for output. */
export function questionSetFiles(dir: string): string[] {
  return readdirSync(dir)
    .sort()
    .flatMap((name) => {
      const full = path.join(dir, name);
      if (statSync(full).isDirectory()) return questionSetFiles(full);
      return name.endsWith('.json') ? [full] : [];
    });
}

export interface DirectoryReport {
  /** Files linted as question sets. */
  files: string[];
  /** JSON files that are something else (a category tree, a schema). */
  skipped: string[];
  problems: LintProblem[];
}

/**
 * A question set is a file with a `questions` list or whose `$schema` is the
 * question-set schema; other JSON (the category tree, schemas) is skipped.
 */
export function isQuestionSetJson(json: unknown): boolean {
  if (Array.isArray(json)) return true;
  if (!json || typeof json !== 'object') return false;
  const record = json as Record<string, unknown>;
  if ('questions' in record) return true;
  return typeof record.$schema === 'string' && record.$schema.endsWith('question-set.schema.json');
}

/** Lints every question-set file in a directory. Files are named relative to `relativeTo`. */
export function lintDirectory(dir: string, relativeTo = process.cwd()): DirectoryReport {
  const files: string[] = [];
  const skipped: string[] = [];
  const problems = questionSetFiles(dir).flatMap((full) => {
    const file = path.relative(relativeTo, full) || full;
    let json: unknown;
    try {
      json = JSON.parse(readFileSync(full, 'utf8'));
    } catch (error) {
      files.push(file);
      return [{ file, rule: 'schema', severity: 'error', message: `not valid JSON: ${(error as Error).message}` } satisfies LintProblem];
    }
    if (!isQuestionSetJson(json)) {
      skipped.push(file);
      return [];
    }
    files.push(file);
    return lintQuestionSet(json, { file });
  });
  return { files, skipped, problems };
}

/**
 * The Signalen question corpus kept in this repository as test data
 * (engine/test/corpus/signalen, see its README for origin and licence),
 * read by paths relative to this file so it works in any clone.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { gunzipSync } from 'node:zlib';
import type { Question } from '../../src/index.ts';

export const CORPUS_DIR = path.join(import.meta.dirname, 'signalen');

export interface VisibilityCase {
  file: string;
  seed: number;
  context: { category: string; subcategory: string };
  answers: Record<string, unknown>;
  visible: string[];
  differsOnIfAllOfArrays: boolean;
  visibleIfAllOfIncludes?: string[];
}

/** The 25 Signalen forms, by definition file name. */
export function corpusDefinitions(): Record<string, Question[]> {
  return JSON.parse(readFileSync(path.join(CORPUS_DIR, 'definitions.json'), 'utf8')) as Record<string, Question[]>;
}

/** The 1500 recorded answer states with the questions Signalen shows for each. */
export function corpusVisibilityCases(): VisibilityCase[] {
  const text = gunzipSync(readFileSync(path.join(CORPUS_DIR, 'visibility-cases.json.gz'))).toString('utf8');
  return (JSON.parse(text) as { cases: VisibilityCase[] }).cases;
}

/**
 * The classifier's training examples are data: one JSON file per main category in
 * question-sets/classifier/ (`{ "category": main slug, "examples": { sub slug: [texts] } }`,
 * checked by examples.schema.json there). This module turns the parsed files into
 * training examples by label (`main/sub`); reading the files is the caller's (the
 * server's, a test's, the bench's).
 */

/** The folder under question-sets/ that holds the training examples (not question sets). */
export const CLASSIFIER_EXAMPLES_FOLDER = 'classifier';

/** One parsed examples file. */
export interface ClassifierExamplesFile {
  category: string;
  examples: Record<string, string[]>;
}

/** The label a sub-category is trained and predicted under. */
export function classifierLabel(mainSlug: string, subSlug: string): string {
  return `${mainSlug}/${subSlug}`;
}

/** Main and sub slug of a label. */
export function splitClassifierLabel(label: string): { main: string; sub: string } {
  const slash = label.indexOf('/');
  return { main: label.slice(0, slash), sub: label.slice(slash + 1) };
}

function isExamplesFile(json: unknown): json is ClassifierExamplesFile {
  if (!json || typeof json !== 'object') return false;
  const { category, examples } = json as Record<string, unknown>;
  if (typeof category !== 'string' || !examples || typeof examples !== 'object' || Array.isArray(examples)) return false;
  return Object.values(examples).every((texts) => Array.isArray(texts) && texts.every((t) => typeof t === 'string'));
}

/** Training examples by label from the parsed files; throws on a file of another shape or a label given twice. */
export function classifierExamples(files: readonly { name: string; json: unknown }[]): Map<string, string[]> {
  const byLabel = new Map<string, string[]>();
  for (const { name, json } of files) {
    if (!isExamplesFile(json)) throw new Error(`${name}: not a classifier examples file ({ "category": "…", "examples": { "sub": ["…"] } })`);
    for (const [sub, texts] of Object.entries(json.examples)) {
      const label = classifierLabel(json.category, sub);
      if (byLabel.has(label)) throw new Error(`${name}: ${label} has examples in two files`);
      byLabel.set(label, texts);
    }
  }
  return byLabel;
}

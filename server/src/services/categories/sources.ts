/**
 * The files the server reads at start: the category tree
 * (question-sets/categories.json, checked by categories.schema.json) and every
 * question set, each checked with the engine's validateQuestionSet. Anything
 * wrong stops the start with one line per problem: file, key and JSON path.
 */
import { readFile, readdir } from 'node:fs/promises';
import { existsSync } from 'node:fs';
import path from 'node:path';
import Ajv from 'ajv';
import {
  CATEGORY_TREE_FILE,
  CLASSIFIER_EXAMPLES_FOLDER,
  categoryTreeProblems,
  formatQuestionSetError,
  isQuestionSetFile,
  validateQuestionSet,
  type CategoryTree,
  type QuestionSetFile,
} from '@meldloket/engine';

/** The repository's question-sets folder: found upwards from this module (the sources, or the built server in build/server). */
export const QUESTION_SETS_DIR = findUp(import.meta.dirname, 'question-sets');

function findUp(from: string, name: string): string {
  for (let dir = from; ; dir = path.dirname(dir)) {
    const candidate = path.join(dir, name);
    if (existsSync(path.join(candidate, 'categories.json'))) return candidate;
    if (path.dirname(dir) === dir) return path.resolve(from, '../../../../question-sets');
  }
}

/** The question sets or the category tree are not valid: the server does not start. */
export class QuestionSetsInvalidError extends Error {
  readonly problems: string[];
  constructor(problems: string[]) {
    super(`Ongeldige vragenlijsten; de server start niet:\n${problems.map((p) => `  ${p}`).join('\n')}`);
    this.name = 'QuestionSetsInvalidError';
    this.problems = problems;
  }
}

export interface CategorySources {
  tree: CategoryTree;
  /** The question sets by name (file name without .json) in the folder itself. */
  sets: Map<string, QuestionSetFile>;
}

/** JSON files under a folder, relative to it, sorted. */
async function jsonFiles(dir: string, prefix = ''): Promise<string[]> {
  const entries = await readdir(path.join(dir, prefix), { withFileTypes: true });
  const found: string[] = [];
  for (const entry of entries.sort((a, b) => a.name.localeCompare(b.name))) {
    const relative = prefix ? `${prefix}/${entry.name}` : entry.name;
    if (entry.isDirectory()) {
      // test/: the sets' tests; classifier/: the classifier's training examples, not question sets.
      if (entry.name !== 'test' && entry.name !== 'node_modules' && entry.name !== CLASSIFIER_EXAMPLES_FOLDER) found.push(...(await jsonFiles(dir, relative)));
    } else if (isQuestionSetFile(entry.name)) found.push(relative);
  }
  return found;
}

async function readJson(dir: string, file: string, problems: string[]): Promise<unknown> {
  let text: string;
  try {
    text = await readFile(path.join(dir, file), 'utf8');
  } catch (error) {
    problems.push(`${file}: cannot be read (${(error as Error).message})`);
    return undefined;
  }
  try {
    return JSON.parse(text);
  } catch (error) {
    problems.push(`${file}: not valid JSON (${(error as Error).message})`);
    return undefined;
  }
}

/**
 * Reads and checks the category tree and every question set in the folder
 * (subfolders such as wizard/ included); throws QuestionSetsInvalidError
 * listing every problem.
 */
export async function loadCategorySources(dir = QUESTION_SETS_DIR): Promise<CategorySources> {
  const problems: string[] = [];
  const sets = new Map<string, QuestionSetFile>();
  for (const file of await jsonFiles(dir)) {
    const json = await readJson(dir, file, problems);
    if (json === undefined) continue;
    const { valid, errors } = validateQuestionSet(json, { file });
    problems.push(...errors.map(formatQuestionSetError));
    if (valid && !file.includes('/')) sets.set(file.slice(0, -'.json'.length), json as QuestionSetFile);
  }

  const tree = (await readJson(dir, CATEGORY_TREE_FILE, problems)) as CategoryTree | undefined;
  if (tree !== undefined) {
    const schema = (await readJson(dir, 'categories.schema.json', problems)) as Record<string, unknown> | undefined;
    if (schema) {
      // validateSchema off: the repository's own schema is not checked against JSON Schema's meta-schema at every start (compiling that was half of this step)
      const validate = new Ajv({ allErrors: true, strict: false, validateSchema: false }).compile(schema);
      if (!validate(tree)) {
        for (const e of validate.errors ?? []) problems.push(`${CATEGORY_TREE_FILE} ${e.instancePath || '/'}: ${e.message ?? e.keyword}`);
      }
    }
    if (problems.length === 0) {
      const names = (await jsonFiles(dir)).filter((f) => !f.includes('/')).map((f) => f.slice(0, -'.json'.length));
      for (const p of categoryTreeProblems(tree, names)) problems.push(`${CATEGORY_TREE_FILE} ${p.pointer}: ${p.message}`);
    }
  }
  if (problems.length > 0 || tree === undefined) throw new QuestionSetsInvalidError(problems);
  return { tree, sets };
}

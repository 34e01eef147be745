import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import type { Db } from '../src/db/index.ts';
import { seed } from '../src/db/seed.ts';
import { loadCategorySources, QUESTION_SETS_DIR, QuestionSetsInvalidError } from '../src/services/categories/index.ts';

const dirs: string[] = [];
afterEach(() => {
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

/** A copy of question-sets/ to break. */
function copy(): string {
  const dir = mkdtempSync(path.join(tmpdir(), 'meldloket-sets-'));
  dirs.push(dir);
  cpSync(QUESTION_SETS_DIR, dir, { recursive: true, filter: (src) => !src.includes(`${path.sep}test`) });
  return dir;
}

const edit = (dir: string, file: string, change: (json: Record<string, any>) => void) => {
  const json = JSON.parse(readFileSync(path.join(dir, file), 'utf8'));
  change(json);
  writeFileSync(path.join(dir, file), JSON.stringify(json));
};

async function problemsOf(dir: string): Promise<string[]> {
  const error = await loadCategorySources(dir).then(() => null, (e: unknown) => e);
  expect(error).toBeInstanceOf(QuestionSetsInvalidError);
  return (error as QuestionSetsInvalidError).problems;
}

describe('question sets checked at start', () => {
  it('loads the tree and every question set of the repository', async () => {
    const { tree, sets } = await loadCategorySources();
    expect(tree.categories.length).toBeGreaterThan(10);
    expect(sets.get('afval')?.questions.length).toBeGreaterThan(0);
  });

  it('refuses an invalid question set with file, key and JSON path', async () => {
    const dir = copy();
    edit(dir, 'afval.json', (json) => {
      json.questions[0].field_type = 'slider';
      delete json.questions[1].meta.label;
    });
    const problems = await problemsOf(dir);
    const [first, second] = [0, 1].map((i) => JSON.parse(readFileSync(path.join(QUESTION_SETS_DIR, 'afval.json'), 'utf8')).questions[i].key);
    expect(problems).toEqual(
      expect.arrayContaining([
        expect.stringMatching(new RegExp(`^afval\\.json \\[${first}\\] /questions/0/field_type: must be one of`)),
        `afval.json [${second}] /questions/1/meta: "label" is missing`,
      ]),
    );
  });

  it('refuses a file that is not JSON, and a tree naming a question set that has no file', async () => {
    const dir = copy();
    writeFileSync(path.join(dir, 'wonen.json'), '{"questions": [');
    edit(dir, 'categories.json', (json) => {
      json.categories[0].sub_categories[0].question_set = 'bestaat-niet';
    });
    const problems = await problemsOf(dir);
    expect(problems).toEqual(expect.arrayContaining([expect.stringMatching(/^wonen\.json: not valid JSON/)]));
    // The tree is checked against the files once the files themselves are valid.
    writeFileSync(path.join(dir, 'wonen.json'), readFileSync(path.join(QUESTION_SETS_DIR, 'wonen.json')));
    expect(await problemsOf(dir)).toEqual(['categories.json /categories/0/sub_categories/0/question_set: no question set "bestaat-niet.json"']);
  });

  it('refuses a tree that breaks its schema, such as a category without a handling code', async () => {
    const dir = copy();
    edit(dir, 'categories.json', (json) => {
      delete json.categories[1].handling;
    });
    expect(await problemsOf(dir)).toEqual([expect.stringMatching(/^categories\.json \/categories\/1: .*handling/)]);
  });

  it('the seed, and so the server start, stops on it before touching the database', async () => {
    const dir = copy();
    edit(dir, 'wonen.json', (json) => {
      json.questions[0].meta.validators = ['bestaatNiet'];
    });
    await expect(seed({} as Db, { questionSetsDir: dir })).rejects.toThrow(/Ongeldige vragenlijsten; de server start niet:\n {2}wonen\.json \[.+\] \/questions\/0\/meta\/validators\/0/);
  });
});

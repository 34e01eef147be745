/**
 * Loads the question sets and the category tree, and evaluates a set for a
 * subcategory and answers through the engine, the way the wizard does.
 */
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { createForm, type Answers, type Evaluation, type Form, type QuestionSetFile } from '@meldloket/engine';
import { isQuestionSetFile, questionSetName, type CategoryTree } from '@meldloket/engine';

export const FOLDER = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

const readJson = (file: string): unknown => JSON.parse(readFileSync(path.join(FOLDER, file), 'utf8'));

export const tree = readJson('categories.json') as CategoryTree;
export const treeSchema = readJson('categories.schema.json') as Record<string, unknown>;

/** Question-set file names (without .json). */
export const setNames: string[] = readdirSync(FOLDER)
  .filter(isQuestionSetFile)
  .map((file) => file.replace(/\.json$/, ''))
  .sort();

export function loadSet(name: string): QuestionSetFile {
  return readJson(`${name}.json`) as QuestionSetFile;
}

/** The main category a subcategory belongs to. */
export function mainOf(subSlug: string): string {
  const main = tree.categories.find((c) => c.sub_categories.some((s) => s.slug === subSlug));
  if (!main) throw new Error(`unknown subcategory ${subSlug}`);
  return main.slug;
}

const forms = new Map<string, Form>();
export const NOW = new Date('2026-06-15T12:00:00+02:00');

/** The form a subcategory gets, compiled once per set. */
export function formFor(subSlug: string): Form {
  const name = questionSetName(tree, mainOf(subSlug), subSlug);
  if (!name) throw new Error(`no question set for ${subSlug}`);
  let form = forms.get(name);
  if (!form) {
    form = createForm(loadSet(name), {}, { file: `${name}.json` });
    forms.set(name, form);
  }
  return form;
}

/** A fresh evaluation for a subcategory and answers (as the wizard holds them). */
export function evaluate(subSlug: string, answers: Answers = {}, isAuthenticated = false): Evaluation {
  const form = createForm(formFor(subSlug).questions);
  return form.evaluate({ category: mainOf(subSlug), subcategory: subSlug, ...answers }, { now: NOW, isAuthenticated });
}

/** A radio or select answer as Signalen stores it. */
export const pick = (id: string) => ({ id, label: id });
/** A checkbox-list answer. */
export const ticks = (...ids: string[]) => ids.map(pick);
/** A location answer with a point on the map. */
export const PLACE = { location: { coordinates: { lat: 52.372, lng: 4.893 } } };
/** An asset answer: one object chosen on the map. */
export const ASSET = {
  selection: [{ id: '100005', type: '5', description: 'Grachtmast', label: 'Grachtmast 100005', coordinates: { lat: 52.372, lng: 4.893 } }],
  location: { coordinates: { lat: 52.372, lng: 4.893 } },
};

export const visibleKeys = (ev: Evaluation) => ev.visibleKeys;
export const requiredKeys = (ev: Evaluation) => ev.visible.filter((q) => q.required).map((q) => q.key);
export const blockingKeys = (ev: Evaluation) => ev.visible.filter((q) => q.blocking).map((q) => q.key);

/** The notice text of a visible plain_text question. */
export function noticeText(ev: Evaluation, key: string): string {
  const q = ev.visible.find((v) => v.key === key);
  if (!q) throw new Error(`${key} is not visible (visible: ${ev.visibleKeys.join(', ')})`);
  return String(q.question.meta.value);
}

/** The notice type (info, alert, caution) of a visible plain_text question. */
export function noticeType(ev: Evaluation, key: string): string | undefined {
  return ev.visible.find((v) => v.key === key)?.question.meta.type;
}

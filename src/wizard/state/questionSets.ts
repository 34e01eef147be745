/**
 * The bundled question sets (question-sets/*.json). Each file is its own chunk,
 * loaded only when a subcategory that uses it is chosen; which file a
 * subcategory uses comes from the category tree (question-sets/categories.json,
 * `question_set` on the main category, overridable per subcategory), itself a
 * lazy chunk.
 */
import { questionSetName, type CategoryTree, type Question, type QuestionSetFile, type StepQuestionSets } from '@meldloket/engine';
import beschrijf from '../../../question-sets/wizard/beschrijf.json';
import contact from '../../../question-sets/wizard/contact.json';

const files = import.meta.glob<QuestionSetFile>(
  ['../../../question-sets/*.json', '!../../../question-sets/categories.json', '!../../../question-sets/*.schema.json'],
  { import: 'default' },
);

const treeFile = import.meta.glob<CategoryTree>('../../../question-sets/categories.json', { import: 'default' });

/** Which set a subcategory uses: the engine's rule over the category tree (engine/src/categories). */
export { questionSetName };

const pathOf = (name: string) => `../../../question-sets/${name}.json`;

/** The name of the question set a subcategory uses (the category tree is a lazy chunk); undefined when it has none. */
export async function questionSetOf(category: string, subcategory: string): Promise<string | undefined> {
  const loadTree = Object.values(treeFile)[0];
  if (!loadTree) return undefined;
  return questionSetName(await loadTree(), category, subcategory) ?? undefined;
}

/** The bundled questions of a subcategory (empty when it has none). */
export async function bundledQuestions(category: string, subcategory: string): Promise<Question[]> {
  const name = await questionSetOf(category, subcategory);
  const load = name ? files[pathOf(name)] : undefined;
  if (!load) return [];
  return (await load()).questions;
}


/**
 * The questions of steps 1 and 3 (question-sets/wizard/): a municipality
 * changes those steps by editing these files (docs/authoring.md).
 */
export const WIZARD_STEP_QUESTIONS: StepQuestionSets = {
  beschrijf: (beschrijf as unknown as QuestionSetFile).questions,
  contact: (contact as unknown as QuestionSetFile).questions,
};

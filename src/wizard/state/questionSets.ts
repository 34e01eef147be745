/**
 * The bundled question sets (question-sets/*.json). Each file is its own chunk,
 * loaded only when a subcategory that uses it is chosen; which file a
 * subcategory uses comes from the category tree (question-sets/categories.json,
 * `question_set` on the main category, overridable per subcategory), itself a
 * lazy chunk.
 */
import type { Question, QuestionSetFile, StepQuestionSets } from '@meldloket/engine';
import beschrijf from '../../../question-sets/wizard/beschrijf.json';
import contact from '../../../question-sets/wizard/contact.json';

const files = import.meta.glob<QuestionSetFile>(
  ['../../../question-sets/*.json', '!../../../question-sets/categories.json', '!../../../question-sets/*.schema.json'],
  { import: 'default' },
);

const treeFile = import.meta.glob<{ categories: TreeNode[] }>('../../../question-sets/categories.json', { import: 'default' });

interface TreeNode {
  slug: string;
  question_set?: string;
  sub_categories?: TreeNode[];
}

/** The question-set name of a subcategory in the tree, or null when the tree does not know it. */
export function questionSetName(tree: TreeNode[], category: string, subcategory: string): string | null {
  const main = tree.find((node) => node.slug === category);
  if (!main) return null;
  const sub = main.sub_categories?.find((node) => node.slug === subcategory);
  return sub?.question_set ?? main.question_set ?? null;
}

const pathOf = (name: string) => `../../../question-sets/${name}.json`;

/** The bundled questions of a subcategory (empty when it has none). */
export async function bundledQuestions(category: string, subcategory: string): Promise<Question[]> {
  const loadTree = Object.values(treeFile)[0];
  if (!loadTree) return [];
  const tree = await loadTree();
  const name = questionSetName(tree.categories, category, subcategory);
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

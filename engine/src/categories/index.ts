export {
  LOCATION_ONLY,
  CATEGORY_TREE_FILE,
  isQuestionSetFile,
  questionSetName,
  subcategoriesOf,
  handlingOf,
  isPublicAccessible,
  categoryTreeProblems,
} from './tree.ts';
export type { CategoryTree, CategoryTreeMain, CategoryTreeSub, CategoryTreeSla, CategoryTreeDepartment, CategoryTreeProblem } from './tree.ts';
export { NEARBY_RADIUS } from './nearby.ts';
export { foldText, subcategoryRank, matchesSubcategory, searchSubcategories } from './search.ts';
export type { SearchableSubcategory } from './search.ts';

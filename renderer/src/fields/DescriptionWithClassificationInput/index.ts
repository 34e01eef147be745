export { DescriptionWithClassificationInput } from './DescriptionWithClassificationInput.tsx';
export { SubcategoryChoice } from './SubcategoryChoice.tsx';
export type { SubcategoryChoiceProps } from './SubcategoryChoice.tsx';

export { EmphasisCheckboxInput } from './EmphasisCheckboxInput.tsx';

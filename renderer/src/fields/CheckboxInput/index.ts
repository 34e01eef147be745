export { CheckboxInput, SingleCheckbox } from './CheckboxInput.tsx';

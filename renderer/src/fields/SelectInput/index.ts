export { SelectInput } from './SelectInput.tsx';

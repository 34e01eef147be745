export { RadioInput } from './RadioInput.tsx';

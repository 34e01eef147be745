export { HiddenInput } from './HiddenInput.tsx';

export { TextInput, applyAutoRemove } from './TextInput.tsx';

export { TextInput } from './TextInput.tsx';

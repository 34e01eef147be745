export { UnknownField } from './UnknownField.tsx';

export { TextareaInput, questionTextareaProps } from './TextareaInput.tsx';
export { TextareaField, rowsFor, DEFAULT_ROWS, MAX_ROWS, ROW_HEIGHT_PX, DEFAULT_MAX_LENGTH } from './TextareaField.tsx';
export type { TextareaFieldProps } from './TextareaField.tsx';

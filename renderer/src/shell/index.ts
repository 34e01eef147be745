export { FieldShell, ErrorMessage, OptionalSuffix, describedBy } from './FieldShell.tsx';
export type { FieldShellProps, ControlProps } from './FieldShell.tsx';
export { questionLabel, questionOptions, autocompleteFor, inputTypeFor, isRequired } from './question.ts';
export { groupBlur } from './groupBlur.ts';

export { FieldShell, ErrorMessage, OptionalSuffix, describedBy } from './FieldShell.tsx';
export type { FieldShellProps, ControlProps } from './FieldShell.tsx';
export { questionLabel, questionOptions, autocompleteFor, inputTypeFor, isRequired, fieldShellProps, assignRef } from './question.ts';
export { OptionList, OPTION_INPUT_CLASS } from './OptionList.tsx';
export type { OptionListProps } from './OptionList.tsx';
export { OptionQuestion } from './OptionQuestion.tsx';
export { groupBlur } from './groupBlur.ts';

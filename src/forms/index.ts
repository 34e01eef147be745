/**
 * The back office's form kit (the settings and the report page): fields on the renderer's
 * FieldShell, one FormButtons, one error summary, the reading of an API error body into messages
 * per field, and the submit state. docs/contributing.md#add-a-screen.
 */
export { TextField, FileField, CustomField, SelectField, CheckboxField, RadioGroup, CheckboxGroup, focusLegend, Checklist, FieldError, toggled, type RadioOption } from './fields.tsx';
export { Form } from './Form.tsx';
export { FormButtons, SubmitButton } from './FormButtons.tsx';
export { FormErrorSummary, type SummaryFields } from './ErrorSummary.tsx';
export { fieldErrors, fieldMessages, allMessages, type FieldErrors } from './errors.ts';
export { useSubmit } from './useSubmit.ts';
export { FORM_TEXTS } from './texts.ts';

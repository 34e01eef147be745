export { wizardMachine } from './machine.ts';
export type { WizardMachine } from './machine.ts';
export { evaluateStep2, formValues, currentStep } from './evaluation.ts';
export { defaultFormFactory } from './defaultForm.ts';
export type { WizardInput, WizardContext, WizardEvent, SubmitInput, UploadInput, UploadFailure, FormFactory } from './types.ts';
export { STEPS, EDITABLE_STEPS, stepIndex, stepPath, stepFromPath, isEditableStep } from './steps.ts';
export type { Step, EditableStep } from './steps.ts';
export { validateDescriptionStep, validateContactStep } from './validation.ts';
export type { StepErrors } from './validation.ts';
export {
  createWizardActors,
  classifyText,
  fetchCategoryQuestions,
  submitIncident,
  PREDICTION_PATH,
  QUESTIONS_PATH,
  PUBLIC_SIGNALS_PATH,
  PRIVATE_SIGNALS_PATH,
} from './services.ts';

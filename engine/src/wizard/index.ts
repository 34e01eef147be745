export { wizardMachine, evaluateStep2, formValues, currentStep } from './machine.ts';
export { defaultFormFactory } from './defaultForm.ts';
export type { WizardMachine, WizardInput, WizardContext, WizardEvent, SubmitInput, UploadInput, UploadFailure, FormFactory } from './machine.ts';
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

export { wizardMachine } from './machine.ts';
export type { WizardMachine } from './machine.ts';
export { evaluateStep, evaluateStep2, evaluateForm, formOf, formValues, currentStep } from './evaluation.ts';
export { defaultFormFactory } from './defaultForm.ts';
export type { StepQuestionSets, WizardInput, WizardContext, WizardEvent, SubmitInput, UploadInput, UploadFailure, FormFactory, FetchedQuestions, FetchQuestionsInput } from './types.ts';
export { STEPS, EDITABLE_STEPS, FORM_STEPS, stepIndex, stepPath, stepFromPath, isEditableStep, isFormStep } from './steps.ts';
export type { Step, EditableStep, FormStep } from './steps.ts';
export {
  createWizardActors,
  classifyText,
  fetchCategoryQuestions,
  submitFailureMessage,
  NO_CONNECTION_MESSAGE,
  PREDICTION_PATH,
  QUESTIONS_PATH,
  PUBLIC_SIGNALS_PATH,
  PRIVATE_SIGNALS_PATH,
} from './services.ts';
export type { WizardPorts } from './services.ts';

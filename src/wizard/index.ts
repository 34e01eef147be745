export { WizardRoot } from './WizardRoot.tsx';
export { WizardStepPage } from './WizardStepPage.tsx';
export { CategoryEntry } from './CategoryEntry.tsx';
export * from './state/index.ts';

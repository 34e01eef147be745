import type { WizardView } from '../state/index.ts';
import type { ErrorSummaryItem as SummaryError } from '@meldloket/renderer';

/** The error of a field of step 1 or 3, once a refused 'Volgende' asked to show errors. */
export function fieldError(wizard: Pick<WizardView, 'showErrors' | 'stepErrors'>, key: string): string | undefined {
  return wizard.showErrors ? wizard.stepErrors[key] : undefined;
}

/** DOM ids of the step 1 and 3 fields, for the error summary's links. */
const FIELD_IDS: Record<string, string> = {
  description: 'description',
  subcategory: 'description-subcategory',
  images: 'images',
  source: 'source',
  priority: 'priority',
  type: 'type',
  phone: 'phone',
  email: 'email',
};

/** The error summary's entries, in the order of the fields on the page. */
export function summaryErrors(stepErrors: Record<string, string>, order: string[]): SummaryError[] {
  return order.filter((key) => stepErrors[key]).map((key) => ({ id: FIELD_IDS[key] ?? key, message: stepErrors[key] }));
}

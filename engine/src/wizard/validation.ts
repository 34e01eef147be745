import { messages } from '../messages/index.ts';
import { validateDescription, validateEmail, validateFiles, validatePhone } from '../validators/index.ts';
import type { IncidentDraft } from '../incident/types.ts';

export type StepErrors = Record<string, string>;

function collect(entries: Array<[string, string | undefined]>): StepErrors {
  return Object.fromEntries(entries.filter((entry): entry is [string, string] => entry[1] !== undefined));
}

/**
 * Errors of step 1 ('Beschrijf uw melding'): description (required, at most
 * 1000 characters), subcategory, photos (at most 3, type and size); for
 * staff also source, priority and type.
 */
export function validateDescriptionStep(draft: IncidentDraft, options: { isAuthenticated?: boolean } = {}): StepErrors {
  const staff = options.isAuthenticated === true;
  return collect([
    ['source', staff && !draft.source?.label ? messages.required : undefined],
    ['description', validateDescription(draft.description)],
    ['subcategory', draft.subcategory ? undefined : messages.required],
    ['images', validateFiles(draft.images)],
    ['priority', staff && !draft.priority?.id ? messages.required : undefined],
    ['type', staff && !draft.type?.id ? messages.required : undefined],
  ]);
}

/** Errors of step 3 ('Contactgegevens'): both optional; phone characters and length, e-mail form and length. */
export function validateContactStep(draft: IncidentDraft): StepErrors {
  return collect([
    ['phone', validatePhone(draft.phone)],
    ['email', validateEmail(draft.email)],
  ]);
}

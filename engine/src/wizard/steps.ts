/** The wizard's steps in order; each has its route under /incident/. */
export const STEPS = ['beschrijf', 'vulaan', 'contact', 'summary', 'opslaan', 'bedankt', 'fout'] as const;
export type Step = (typeof STEPS)[number];

/** Steps a user may jump back to (edit links, browser history). */
export const EDITABLE_STEPS = ['beschrijf', 'vulaan', 'contact', 'summary'] as const satisfies readonly Step[];
export type EditableStep = (typeof EDITABLE_STEPS)[number];

/** Steps drawn from questions: 1 and 3 from the wizard's question sets, 2 from the category's. */
export const FORM_STEPS = ['beschrijf', 'vulaan', 'contact'] as const satisfies readonly EditableStep[];
export type FormStep = (typeof FORM_STEPS)[number];
export const isFormStep = (step: string): step is FormStep => (FORM_STEPS as readonly string[]).includes(step);

export const stepIndex = (step: Step): number => STEPS.indexOf(step);

export function stepPath(step: Step): string {
  return `/incident/${step}`;
}

/** The step of a route such as '/incident/vulaan', or null. */
export function stepFromPath(path: string): Step | null {
  const match = /^\/incident\/([a-z]+)\/?$/.exec(path);
  const step = match?.[1];
  return step && (STEPS as readonly string[]).includes(step) ? (step as Step) : null;
}

export const isEditableStep = (step: string): step is EditableStep => (EDITABLE_STEPS as readonly string[]).includes(step);

import { createForm } from '../form/index.ts';
import type { FormFactory } from './types.ts';

/** The engine's own step-2 form for the wizard machine's `createForm` input. */
export const defaultFormFactory: FormFactory = (questions, context) => createForm({ questions }, context);

/** The wizard's step question sets (question-sets/wizard/), read from the repository for the engine's tests. */
import { readFileSync } from 'node:fs';
import type { QuestionSetFile } from '../schema/types.ts';
import type { StepQuestionSets } from './types.ts';

const read = (name: string) =>
  (JSON.parse(readFileSync(new URL(`../../../question-sets/wizard/${name}.json`, import.meta.url), 'utf8')) as QuestionSetFile).questions;

export const STEP_QUESTIONS: StepQuestionSets = { beschrijf: read('beschrijf'), contact: read('contact') };

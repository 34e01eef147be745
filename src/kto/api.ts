/** Calls of the satisfaction survey (server: routes/feedback). */
import { apiPath, API_PATHS, ApiError, type ApiClient } from '@meldloket/engine';
import type { Satisfaction } from './texts.ts';

export interface StandardAnswer {
  satisfaction: Satisfaction;
  is_satisfied: boolean;
  text: string;
}

export interface FeedbackForm {
  uuid: string;
  id_display: string | null;
}

export interface FeedbackAnswer {
  satisfaction: Satisfaction;
  text_list: string[];
  text_extra: string;
  allows_contact: boolean;
}

export type KtoErrorKind = 'expired' | 'filledOut' | 'invalid' | 'error';

export function ktoErrorKind(error: unknown): KtoErrorKind {
  if (!(error instanceof ApiError)) return 'error';
  if (error.status === 410 && error.detail === 'filled out') return 'filledOut';
  if (error.status === 410) return 'expired';
  if (error.status === 404 || (error.status === 400 && Array.isArray(error.body))) return 'invalid';
  return 'error';
}

export async function loadSurvey(api: ApiClient<AbortSignal>, uuid: string, satisfaction: Satisfaction) {
  const [form, answers] = await Promise.all([
    api.get<FeedbackForm>(apiPath(API_PATHS.feedbackForm, { uuid })),
    api.get<{ results: StandardAnswer[] }>(API_PATHS.feedbackStandardAnswers),
  ]);
  return { form, choices: answers.results.filter((a) => a.satisfaction === satisfaction).map((a) => a.text) };
}

/** Sends the answer; `reopened` says the report will be looked at again. */
export async function sendSurvey(api: ApiClient<AbortSignal>, uuid: string, answer: FeedbackAnswer): Promise<{ reopened: boolean }> {
  const result = await api.put<{ reopened?: boolean } | undefined>(apiPath(API_PATHS.feedbackForm, { uuid }), answer);
  return { reopened: result?.reopened === true };
}

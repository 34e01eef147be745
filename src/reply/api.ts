/**
 * The calls of the reply page (docs/reference/screens.md#entities 'Follow-up session', docs/reference/api.md#calls): load the session
 * with its report, and send: fetch the session, upload the photos, post the answers,
 * post submit. The links of the session are followed as given.
 */
import { apiPath, API_PATHS, ApiError, UploadFailedError, type Answers, type ApiClient } from '@meldloket/engine';
import type { FileValue } from '@meldloket/renderer';
import type { PublicSignal, Questionnaire, ReplySession } from './types.ts';
import { keyOf } from './questions.ts';

export const sessionPath = (uuid: string) => apiPath(API_PATHS.qaSession, { uuid });

/** Posts a multipart form; the browser's fetch by default. */
export type Upload = (url: string, body: FormData) => Promise<void>;

export const browserUpload: Upload = async (url, body) => {
  const response = await fetch(url, { method: 'POST', body, headers: { Accept: 'application/json' } });
  if (!response.ok) {
    const json = /json/.test(response.headers.get('content-type') ?? '') ? await response.json().catch(() => undefined) : undefined;
    const detail = json && typeof json === 'object' && 'detail' in json ? String((json as { detail: unknown }).detail) : undefined;
    throw new UploadFailedError(response.status, json, detail);
  }
};

export type ReplyErrorKind = 'expired' | 'answered' | 'superseded' | 'notFound' | 'loadFailed' | 'error';

/**
 * Which screen a failure leads to (docs/reference/texts.md#errors, saying what actually happened): 'Already
 * used!' → answered; a newer reaction request → superseded; 'Expired!', another 410
 * or an expiry text → expired; while loading, an unknown or malformed link →
 * notFound and anything else → loadFailed (nothing was sent); sending → error.
 */
export function replyErrorKind(error: unknown, phase: 'load' | 'send' = 'send'): ReplyErrorKind {
  const otherwise = phase === 'load' ? 'loadFailed' : 'error';
  if (!(error instanceof ApiError)) return otherwise;
  if (error.detail === 'Already used!') return 'answered';
  if (/newer reaction request/i.test(error.detail ?? '')) return 'superseded';
  if (error.status === 410 || /expired|verlopen|vervallen/i.test(error.detail ?? '')) return 'expired';
  if (phase === 'load' && (error.status === 404 || error.status === 400)) return 'notFound';
  return otherwise;
}

/** The last path segment of a link: the id of what it points at. */
export const idOf = (href: string) => href.replace(/\/+$/, '').split('/').pop() ?? '';

export interface LoadedReply {
  session: ReplySession;
  signal: PublicSignal | null;
}

export async function loadReply(api: ApiClient<AbortSignal>, uuid: string): Promise<LoadedReply> {
  if (!uuid) throw new Error('Missing session uuid');
  const session = await api.get<ReplySession>(sessionPath(uuid));
  const signalHref = session._links['sia:public-signal']?.href;
  const questionnaireHref = session._links['sia:questionnaire']?.href;
  const [signal, questionnaire] = await Promise.all([
    signalHref ? api.get<PublicSignal>(apiPath(API_PATHS.publicSignal, { uuid: idOf(signalHref) })) : null,
    questionnaireHref ? api.get<Questionnaire>(apiPath(API_PATHS.qaQuestionnaire, { uuid: idOf(questionnaireHref) })) : null,
  ]);
  // The questionnaire's first question leads the path, also when the session lists no path yet.
  const first = questionnaire?.first_question;
  const questions = first && !session.path_questions.some((q) => q.uuid === first.uuid) ? [first, ...session.path_questions] : session.path_questions;
  return { session: { ...session, path_questions: questions }, signal };
}

function link(session: ReplySession, name: 'sia:post-answers' | 'sia:post-attachments' | 'sia:post-submit', fallback: string): string {
  return session._links[name]?.href ?? `${sessionPath(session.uuid)}/${fallback}`;
}

/** The send sequence: session again (it may have expired), the photos one by one, the answers, submit. */
export async function sendReply(api: ApiClient<AbortSignal>, upload: Upload, uuid: string, answers: Answers): Promise<void> {
  if (!uuid) throw new Error('Missing session uuid');
  const session = await api.get<ReplySession>(sessionPath(uuid));
  for (const question of session.path_questions.filter((q) => q.field_type === 'image')) {
    const value = answers[keyOf(question.uuid)];
    const files = (Array.isArray(value) ? value : []) as FileValue[];
    for (const photo of files) {
      if (!photo.file) continue;
      const body = new FormData();
      body.append('question_uuid', question.uuid);
      body.append('file', photo.file, photo.name);
      await upload(link(session, 'sia:post-attachments', 'attachments'), body);
    }
  }
  const list = session.path_questions
    .filter((q) => q.field_type !== 'image')
    .map((q) => ({ q, value: answers[keyOf(q.uuid)] }))
    .filter(({ value }) => typeof value === 'string' && value.trim() !== '')
    .map(({ q, value }) => ({ question_uuid: q.uuid, payload: (value as string).trim() }));
  if (list.length > 0) await api.post(link(session, 'sia:post-answers', 'answers'), list);
  await api.post(link(session, 'sia:post-submit', 'submit'));
}

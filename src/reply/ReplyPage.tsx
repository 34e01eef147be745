/**
 * /incident/reactie/{uuid}: the reporter answers the municipality's questions.
 * States (docs/reference/statuses.md#states-and-transitions): loading → form; send → success; expired or wrong status →
 * inaccessible; submitted before → already answered; a newer request sent → superseded;
 * an unknown link → not found and another load failure → could not load (nothing was
 * sent, so no 'versturen mislukt'); a failed send → error.
 */
import { useEffect, useReducer } from 'react';
import { useParams } from 'react-router';
import { messages, UploadFailedError } from '@meldloket/engine';
import { useApi } from '../api/index.ts';
import { useWrite } from '../api/write.ts';
import { useLinkRead } from '../api/link-outcome.ts';
import { useNotifications } from '../notifications/index.ts';
import { PageLoading, usePageTitle } from '../layout/index.ts';
import { PageHeading } from '../static/Heading.tsx';
import { LinkMessage } from '../static/LinkOutcome.tsx';
import { browserUpload, loadReply, replyErrorKind, sendReply, type LoadedReply, type Upload } from './api.ts';
import { REPLY_TEXTS } from './texts.ts';
import { IncidentSummary } from './IncidentSummary.tsx';
import { ReplyForm } from './ReplyForm.tsx';
import type { Answers } from '@meldloket/engine';
import './reply.css';

type State =
  | { status: 'loading' }
  | { status: 'form'; loaded: LoadedReply }
  | { status: 'success' | 'expired' | 'answered' | 'superseded' | 'notFound' | 'loadFailed' }
  | { status: 'error'; uploadFailed: boolean; reason?: string };

type Action = { type: 'done' } | { type: 'failed'; error: unknown };

/** What a failed load or send shows. */
function failed(error: unknown, phase: 'load' | 'send'): State {
  const kind = replyErrorKind(error, phase);
  if (kind !== 'error') return { status: kind };
  // a photo the server refused in words for the resident (a broken photo): those words are shown
  return error instanceof UploadFailedError ? { status: 'error', uploadFailed: true, reason: error.reason } : { status: 'error', uploadFailed: false };
}

/** What the send did: done, or failed (null before it, and while it is under way). */
function reducer(_: State | null, action: Action): State {
  switch (action.type) {
    case 'done':
      return { status: 'success' };
    case 'failed':
      return failed(action.error, 'send');
  }
}

export function ReplyPage({ upload = browserUpload }: { upload?: Upload }) {
  const { uuid = '' } = useParams();
  const api = useApi();
  const notifications = useNotifications();
  const read = useLinkRead(['reply', uuid], () => loadReply(api, uuid));
  const reply = useWrite({ write: (answers: Answers) => sendReply(api, upload, uuid, answers) });
  const [sent, dispatch] = useReducer(reducer, null);
  const state: State = sent ?? (read.isError ? failed(read.error, 'load') : read.data ? { status: 'form', loaded: read.data } : { status: 'loading' });

  const uploadFailed = state.status === 'error' && state.uploadFailed;
  const reason = state.status === 'error' ? state.reason : undefined;
  useEffect(() => {
    if (state.status !== 'error') return;
    const message = uploadFailed ? (reason ? `${messages.uploadFailed}. ${reason}` : messages.uploadFailed) : REPLY_TEXTS.error.message;
    notifications.show({ title: REPLY_TEXTS.error.title, message, variant: 'error', type: 'global' });
  }, [state.status, uploadFailed, reason, notifications]);

  const send = async (answers: Answers) => {
    const outcome = await reply.run(answers);
    if (outcome) dispatch(outcome.ok ? { type: 'done' } : { type: 'failed', error: outcome.error });
  };

  switch (state.status) {
    case 'loading':
      return <PageLoading label={REPLY_TEXTS.loading} />;
    case 'success':
      return <LinkMessage {...REPLY_TEXTS.success} />;
    case 'expired':
      return <LinkMessage {...REPLY_TEXTS.expired} />;
    case 'answered':
      return <LinkMessage {...REPLY_TEXTS.alreadyAnswered} />;
    case 'superseded':
      return <LinkMessage {...REPLY_TEXTS.superseded} />;
    case 'notFound':
      // a link we do not know has no case of its own in the spec's catalogue: 'any other error'
      return <LinkMessage {...REPLY_TEXTS.error} />;
    case 'loadFailed':
      return <LinkMessage {...REPLY_TEXTS.loadFailed} />;
    case 'error':
      return <LinkMessage {...REPLY_TEXTS.error} />;
    case 'form':
      return <ReplyScreen loaded={state.loaded} sending={reply.busy} onSend={send} />;
  }
}

function ReplyScreen({ loaded, sending, onSend }: { loaded: LoadedReply; sending: boolean; onSend: (answers: Answers) => void }) {
  usePageTitle(REPLY_TEXTS.title);
  return (
    <article className="ml-reply">
      <PageHeading>{REPLY_TEXTS.title}</PageHeading>
      <IncidentSummary session={loaded.session} signal={loaded.signal} />
      <ReplyForm questions={loaded.session.path_questions} sending={sending} onSend={onSend} />
    </article>
  );
}

export default ReplyPage;

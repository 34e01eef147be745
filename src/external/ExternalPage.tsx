/**
 * /incident/extern/{token} (flag enableForwardIncidentToExternal, docs/my-incidents.md): the page of
 * an external party a handler forwarded a report to. It shows the municipality's request
 * and the report — number, date, category, description, photos, location on the map;
 * never the reporter's contact details — and takes one answer: a text and up to 3 photos.
 * The answer moves the report to 'Extern: verzoek tot afhandeling' (server/src/external).
 *
 * States: loading → form; send → thanks; a used, expired or closed link, an unknown link and a
 * failed load each say what happened; a send that failed otherwise says so above the form, which
 * keeps the answer and the photos for another try.
 */
import { useReducer } from 'react';
import { useParams } from 'react-router';
import { formatCreatedAt, type Answers } from '@meldloket/engine';
import type { FileValue } from '@meldloket/renderer';
import { useApi } from '../api/index.ts';
import { useWrite } from '../api/write.ts';
import { useLinkRead } from '../api/link-outcome.ts';
import { PageLoading, usePageTitle } from '../layout/index.ts';
import { PageHeading } from '../static/Heading.tsx';
import { ReplyForm } from '../reply/ReplyForm.tsx';
import { PhotoThumbs, ReportFacts, ReportLocation, useLightbox } from '../reply/ReportFacts.tsx';
import { LinkMessage } from '../static/LinkOutcome.tsx';
import { keyOf } from '../reply/questions.ts';
import type { ExplanationFile, QaQuestion } from '../reply/types.ts';
import { browserSend, externalErrorKind, loadExternal, sendExternal, type ExternalAnswer, type ExternalErrorKind, type ExternalView, type Send } from './api.ts';
import { EXTERNAL_TEXTS } from './texts.ts';
import '../reply/reply.css';

/** The two questions of the answer form, drawn by the renderer like the reporter's reply form. */
const QUESTIONS: QaQuestion[] = [
  { uuid: 'antwoord', label: EXTERNAL_TEXTS.answerLabel, short_label: EXTERNAL_TEXTS.answerShort, field_type: 'plain_text', required: true },
  { uuid: 'fotos', label: EXTERNAL_TEXTS.photosLabel, short_label: EXTERNAL_TEXTS.photosShort, field_type: 'image', required: false, multiple_answers_allowed: true },
];

type State =
  | { status: 'loading' }
  | { status: 'form'; view: ExternalView; sendFailed: boolean }
  | { status: 'success' }
  | { status: ExternalErrorKind };

type Action = { type: 'done' } | { type: 'failed'; kind: ExternalErrorKind; view: ExternalView };

/** A send that failed for a reason that may pass (the network, the server): the form stays with the answer in it. */
const MAY_PASS: ReadonlySet<ExternalErrorKind> = new Set(['error']);

/** What the send did (null before it): done, or failed. */
function reducer(_: State | null, action: Action): State {
  switch (action.type) {
    case 'done':
      return { status: 'success' };
    case 'failed':
      // what the party typed and chose stays for another try; a used, expired or closed link ends the form
      return MAY_PASS.has(action.kind) ? { status: 'form', view: action.view, sendFailed: true } : { status: action.kind };
  }
}

export function ExternalPage({ send = browserSend }: { send?: Send }) {
  const { token = '' } = useParams();
  const api = useApi();
  const read = useLinkRead(['external', token], () => loadExternal(api, token));
  const answer = useWrite({ write: (given: ExternalAnswer) => sendExternal(send, token, given) });
  const [sent, dispatch] = useReducer(reducer, null);
  const state: State =
    sent ?? (read.isError ? { status: externalErrorKind(read.error, 'load') } : read.data ? { status: 'form', view: read.data, sendFailed: false } : { status: 'loading' });

  const onSend = async (answers: Answers) => {
    const view = read.data;
    if (!view) return;
    const text = String(answers[keyOf('antwoord')] ?? '').trim();
    const files = (Array.isArray(answers[keyOf('fotos')]) ? answers[keyOf('fotos')] : []) as FileValue[];
    const outcome = await answer.run({ text, photos: files.filter((f) => f.file).map((f) => ({ file: f.file!, name: f.name })) });
    if (outcome) dispatch(outcome.ok ? { type: 'done' } : { type: 'failed', kind: externalErrorKind(outcome.error, 'send'), view });
  };

  switch (state.status) {
    case 'loading':
      return <PageLoading label={EXTERNAL_TEXTS.loading} />;
    case 'form':
      return <ExternalScreen view={state.view} sending={answer.busy} sendFailed={state.sendFailed && !answer.busy} onSend={onSend} />;
    default:
      return <LinkMessage {...EXTERNAL_TEXTS[state.status]} />;
  }
}

function ExternalScreen({ view, sending, sendFailed, onSend }: { view: ExternalView; sending: boolean; sendFailed: boolean; onSend: (answers: Answers) => void }) {
  usePageTitle(EXTERNAL_TEXTS.title);
  const { signal, request } = view;
  const [lng, lat] = signal.location.geometrie.coordinates;
  const photos: ExplanationFile[] = signal.attachments.filter((a) => a.is_image).map((a, i) => ({ file: a.location, description: `${i + 1}`, created_at: a.created_at }));
  const { show, lightbox } = useLightbox();

  return (
    <article className="ml-reply">
      <PageHeading>{EXTERNAL_TEXTS.title}</PageHeading>
      <p className="utrecht-paragraph">{EXTERNAL_TEXTS.intro}</p>

      <section aria-labelledby="extern-request" className="ml-reply-section">
        <h2 id="extern-request" className="utrecht-heading-2">
          {EXTERNAL_TEXTS.request}
        </h2>
        <p className="utrecht-paragraph ml-reply-text">{request.text}</p>
        <p className="utrecht-paragraph">{EXTERNAL_TEXTS.validUntil(formatCreatedAt(new Date(request.expires_at)))}</p>
      </section>

      <section aria-labelledby="extern-report" className="ml-reply-incident">
        <h2 id="extern-report" className="utrecht-heading-2">
          {EXTERNAL_TEXTS.report}
        </h2>
        <ReportFacts number={signal.id_display} reportedOn={formatCreatedAt(new Date(signal.created_at))} category={signal.category} />
        <h3 className="utrecht-heading-3">{EXTERNAL_TEXTS.description}</h3>
        <p className="utrecht-paragraph ml-reply-text">{signal.text}</p>
        {photos.length > 0 && (
          <>
            <h3 className="utrecht-heading-3">{EXTERNAL_TEXTS.photos}</h3>
            <PhotoThumbs files={photos} alt={(_file, index) => EXTERNAL_TEXTS.enlargePhoto(index + 1)} onOpen={(index, button) => show(photos, index, button)} />
          </>
        )}
        <ReportLocation address={signal.location.address_text} lat={lat} lng={lng} />
      </section>

      <section aria-labelledby="extern-answer">
        <h2 id="extern-answer" className="utrecht-heading-2">
          {EXTERNAL_TEXTS.answerHeading}
        </h2>
        <div role="alert">
          {sendFailed && (
            <div className="ml-reply-error">
              <p className="utrecht-paragraph">
                <strong>{EXTERNAL_TEXTS.error.title}</strong>
              </p>
              <p className="utrecht-paragraph">{EXTERNAL_TEXTS.error.message}</p>
            </div>
          )}
        </div>
        <ReplyForm questions={QUESTIONS} sending={sending} onSend={onSend} />
      </section>
      {lightbox}
    </article>
  );
}

export default ExternalPage;

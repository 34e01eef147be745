/**
 * /kto/{satisfactionIndication}/{uuid}: the satisfaction survey after a report is
 * closed, for satisfied, not_satisfied and not_received. One answer per link.
 */
import { useEffect, useState } from 'react';
import { useParams } from 'react-router';
import { useApi } from '../api/index.ts';
import { useWrite } from '../api/write.ts';
import { useLinkRead } from '../api/link-outcome.ts';
import { useNotifications } from '../notifications/index.ts';
import { PageLoading, usePageTitle } from '../layout/index.ts';
import { PageHeading } from '../static/Heading.tsx';
import { NewReportLink } from '../static/NewReportLink.tsx';
import { ktoErrorKind, loadSurvey, sendSurvey, type FeedbackAnswer, type KtoErrorKind } from './api.ts';
import { KtoForm } from './KtoForm.tsx';
import { KTO_TEXTS, type Satisfaction } from './texts.ts';
import './kto.css';

const SATISFACTIONS: Satisfaction[] = ['satisfied', 'not_satisfied', 'not_received'];

type State = { status: 'loading' } | { status: 'form'; number: string; choices: string[]; sending: boolean } | { status: 'success'; reopened: boolean } | { status: KtoErrorKind };

function Message({ title, message, extra, report = false }: { title: string; message: string; extra?: string; report?: boolean }) {
  usePageTitle(title);
  return (
    <article>
      <PageHeading>{title}</PageHeading>
      <p className="utrecht-paragraph">{message}</p>
      {extra && <p className="utrecht-paragraph">{extra}</p>}
      {report && <NewReportLink>{KTO_TEXTS.report}</NewReportLink>}
    </article>
  );
}

export function KtoPage() {
  const params = useParams();
  const uuid = params.uuid ?? '';
  const satisfaction = SATISFACTIONS.find((s) => s === params.satisfactionIndication);
  const api = useApi();
  const notifications = useNotifications();
  const survey = useLinkRead(['kto', uuid, satisfaction], () => loadSurvey(api, uuid, satisfaction!), !!satisfaction);
  const answer = useWrite({ write: (given: FeedbackAnswer) => sendSurvey(api, uuid, given) });
  // what the send did, once it is done
  const [sent, setSent] = useState<State | null>(null);
  const state: State = !satisfaction
    ? { status: 'invalid' }
    : sent
      ? sent
      : survey.isError
        ? { status: ktoErrorKind(survey.error) }
        : survey.data
          ? { status: 'form', number: survey.data.form.id_display ?? '', choices: survey.data.choices, sending: answer.busy }
          : { status: 'loading' };

  useEffect(() => {
    if (state.status === 'error') notifications.show({ title: KTO_TEXTS.error.title, message: KTO_TEXTS.error.message, variant: 'error', type: 'global' });
  }, [state.status, notifications]);

  const send = async (given: FeedbackAnswer) => {
    const outcome = await answer.run(given);
    if (outcome) setSent(outcome.ok ? { status: 'success', reopened: outcome.data.reopened } : { status: ktoErrorKind(outcome.error) });
  };

  switch (state.status) {
    case 'loading':
      return <PageLoading label={KTO_TEXTS.loading} />;
    case 'success':
      return <Message {...KTO_TEXTS.success} extra={state.reopened ? KTO_TEXTS.reopened : undefined} />;
    case 'expired':
      return <Message {...KTO_TEXTS.expired} report />;
    case 'filledOut':
      return <Message {...KTO_TEXTS.filledOut} />;
    case 'invalid':
      return <Message {...KTO_TEXTS.invalid} report />;
    case 'error':
      return <Message {...KTO_TEXTS.error} />;
    case 'form':
      return <Survey satisfaction={satisfaction!} number={state.number} choices={state.choices} sending={state.sending} onSend={send} />;
  }
}

function Survey({ satisfaction, number, choices, sending, onSend }: { satisfaction: Satisfaction; number: string; choices: string[]; sending: boolean; onSend: (a: FeedbackAnswer) => void }) {
  usePageTitle(KTO_TEXTS.title);
  return (
    <article className="ml-kto">
      <PageHeading>{KTO_TEXTS.title}</PageHeading>
      <p className="utrecht-paragraph">{KTO_TEXTS.intro[satisfaction](number)}</p>
      <KtoForm satisfaction={satisfaction} choices={choices} sending={sending} onSend={onSend} />
    </article>
  );
}

export default KtoPage;

/** /mijn-meldingen/overzicht/{uuid}: one of the reporter's reports, with what happens with it and its public history. */
import { useEffect, useState } from 'react';
import { Link, useParams } from 'react-router';
import { formatCreatedAt, formatReportedOn } from '@meldloket/engine';
import { useApi } from '../api/index.ts';
import { PageLoading, usePageTitle } from '../layout/index.ts';
import { NotFoundPage } from '../static/NotFoundPage.tsx';
import { PageHeading } from '../static/Heading.tsx';
import { myApi, type MyHistoryEntry, type MyReportDetail, type MySession } from './api.ts';
import { WithSession } from './session.tsx';
import { StatusBadge } from './StatusBadge.tsx';
import { MY_TEXTS } from './texts.ts';

type State = { kind: 'loading' } | { kind: 'failed' } | { kind: 'missing' } | { kind: 'ready'; report: MyReportDetail; history: MyHistoryEntry[] };

function Detail({ session, expired }: { session: MySession; expired: (error: unknown) => boolean }) {
  const { uuid = '' } = useParams();
  const api = useApi();
  const [state, setState] = useState<State>({ kind: 'loading' });
  useEffect(() => {
    const controller = new AbortController();
    const calls = myApi(api);
    Promise.all([calls.detail(session.token, uuid, controller.signal), calls.history(session.token, uuid, controller.signal)]).then(
      ([report, history]) => setState({ kind: 'ready', report, history }),
      (error: unknown) => {
        if (controller.signal.aborted || expired(error)) return;
        setState({ kind: (error as { status?: number }).status === 404 ? 'missing' : 'failed' });
      },
    );
    return () => controller.abort();
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [api, session.token, uuid]);

  if (state.kind === 'missing') return <NotFoundPage />;
  if (state.kind === 'loading') return <PageLoading label={MY_TEXTS.loading} />;
  if (state.kind === 'failed') return <Failed />;
  return <Report report={state.report} history={state.history} />;
}

function Failed() {
  usePageTitle(MY_TEXTS.title);
  return (
    <article className="ml-my">
      <PageHeading>{MY_TEXTS.title}</PageHeading>
      <p role="alert" className="utrecht-paragraph ml-my__error">
        {MY_TEXTS.loadFailed}
      </p>
    </article>
  );
}

function Report({ report, history }: { report: MyReportDetail; history: MyHistoryEntry[] }) {
  const title = MY_TEXTS.reportTitle(report.id_display);
  usePageTitle(title);
  return (
    <article className="ml-my">
      <p className="utrecht-paragraph">
        <Link className="utrecht-link" to="/mijn-meldingen/overzicht">
          {MY_TEXTS.back}
        </Link>
      </p>
      <PageHeading>{title}</PageHeading>
      <p className="ml-my__meta">
        <span>
          {MY_TEXTS.reportedOn} <time dateTime={report.created_at}>{formatReportedOn(report.created_at)}</time>
        </span>
        <StatusBadge status={report.status} />
      </p>
      <dl className="ml-my__facts">
        <dt>{MY_TEXTS.category}</dt>
        <dd>
          {report.category.name} ({report.category.parent.name})
        </dd>
        <dt>{MY_TEXTS.location}</dt>
        <dd>{report.location.address_text || MY_TEXTS.noAddress}</dd>
        <dt>{MY_TEXTS.description}</dt>
        <dd className="ml-my__text">{report.text}</dd>
      </dl>
      {report.handling_message && (
        <section aria-labelledby="my-handling">
          <h2 id="my-handling" className="utrecht-heading-2">
            {MY_TEXTS.handling}
          </h2>
          <p className="utrecht-paragraph ml-my__text">{report.handling_message}</p>
        </section>
      )}
      <section aria-labelledby="my-history">
        <h2 id="my-history" className="utrecht-heading-2">
          {MY_TEXTS.history}
        </h2>
        {history.length === 0 ? (
          <p className="utrecht-paragraph">{MY_TEXTS.noHistory}</p>
        ) : (
          <ol className="ml-my__history">
            {history.map((entry, i) => (
              <li key={i} className="ml-my__history-item">
                <time dateTime={entry.when} className="ml-my__history-when">
                  {formatCreatedAt(entry.when)}
                </time>
                <p className="ml-my__history-action">{entry.action}</p>
                {entry.description && <p className="ml-my__text">{entry.description}</p>}
              </li>
            ))}
          </ol>
        )}
      </section>
    </article>
  );
}

export function DetailPage() {
  return <WithSession>{(session, expired) => <Detail session={session} expired={expired} />}</WithSession>;
}

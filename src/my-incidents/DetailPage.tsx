/** /mijn-meldingen/overzicht/{uuid}: one of the reporter's reports, with what happens with it and its public history. */
import { Link, useParams } from 'react-router';
import { formatCreatedAt } from '@meldloket/engine';
import { PageLoading, usePageTitle } from '../layout/index.ts';
import { NotFoundPage } from '../static/NotFoundPage.tsx';
import { PageHeading } from '../static/Heading.tsx';
import type { ReporterHistoryEntry } from '../api/index.ts';
import { isUnauthorised, type MyReportDetail, type MySession } from './api.ts';
import { useMyReport } from './queries.ts';
import { WithSession } from './session.tsx';
import { ReportMeta } from './StatusBadge.tsx';
import { MY_TEXTS } from './texts.ts';

function Detail({ session, expired }: { session: MySession; expired: (error: unknown) => boolean }) {
  const { uuid = '' } = useParams();
  const read = useMyReport(session.token, uuid, expired);
  if (read.isError) {
    // a 401 leaves the page (expired)
    if (isUnauthorised(read.error)) return <PageLoading label={MY_TEXTS.loading} />;
    return (read.error as { status?: number }).status === 404 ? <NotFoundPage /> : <Failed />;
  }
  if (!read.data) return <PageLoading label={MY_TEXTS.loading} />;
  return <Report report={read.data.report} history={read.data.history} />;
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

function Report({ report, history }: { report: MyReportDetail; history: ReporterHistoryEntry[] }) {
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
      <ReportMeta createdAt={report.created_at} status={report.status} />
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

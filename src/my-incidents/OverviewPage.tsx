/** /mijn-meldingen/overzicht: the reports of the last year made with the link's e-mail address. */
import { useEffect, useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { formatReportedOn } from '@meldloket/engine';
import { useApi } from '../api/index.ts';
import { PageLoading, usePageTitle } from '../layout/index.ts';
import { PageHeading } from '../static/Heading.tsx';
import { myApi, saveSession, type MyReport, type MySession } from './api.ts';
import { WithSession } from './session.tsx';
import { StatusBadge } from './StatusBadge.tsx';
import { MY_TEXTS } from './texts.ts';

function Overview({ session, expired }: { session: MySession; expired: (error: unknown) => boolean }) {
  usePageTitle(MY_TEXTS.title);
  const api = useApi();
  const navigate = useNavigate();
  const [reports, setReports] = useState<MyReport[] | null>(null);
  const [failed, setFailed] = useState(false);
  useEffect(() => {
    const controller = new AbortController();
    myApi(api)
      .list(session.token, controller.signal)
      .then(setReports, (error: unknown) => {
        if (controller.signal.aborted || expired(error)) return;
        setFailed(true);
      });
    return () => controller.abort();
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [api, session.token]);

  const signOut = () => {
    saveSession(null);
    navigate('/mijn-meldingen', { replace: true });
  };

  return (
    <article className="ml-my">
      <PageHeading>{MY_TEXTS.title}</PageHeading>
      <p className="utrecht-paragraph">{MY_TEXTS.listIntro(session.email)}</p>
      {failed && (
        <p role="alert" className="utrecht-paragraph ml-my__error">
          {MY_TEXTS.loadFailed}
        </p>
      )}
      {!reports && !failed && <PageLoading label={MY_TEXTS.loading} />}
      {reports && reports.length === 0 && <p className="utrecht-paragraph">{MY_TEXTS.none}</p>}
      {reports && reports.length > 0 && (
        <ul className="ml-my__list">
          {reports.map((report) => (
            <li key={report.uuid} className="ml-my__item">
              <h2 className="ml-my__item-title">
                <Link className="utrecht-link" to={`/mijn-meldingen/overzicht/${report.uuid}`}>
                  {report.id_display} · {report.category.name}
                </Link>
              </h2>
              <p className="ml-my__item-text">{report.text}</p>
              <p className="ml-my__meta">
                <span>
                  {MY_TEXTS.reportedOn} <time dateTime={report.created_at}>{formatReportedOn(report.created_at)}</time>
                </span>
                <StatusBadge status={report.status} />
              </p>
            </li>
          ))}
        </ul>
      )}
      <p className="utrecht-paragraph">
        <button type="button" className="utrecht-button utrecht-button--secondary-action" onClick={signOut}>
          {MY_TEXTS.signOut}
        </button>
      </p>
    </article>
  );
}

export function OverviewPage() {
  return <WithSession>{(session, expired) => <Overview session={session} expired={expired} />}</WithSession>;
}

/** /mijn-meldingen/overzicht: the reports of the last year made with the link's e-mail address. */
import { Link, useNavigate } from 'react-router';
import { PageLoading, usePageTitle } from '../layout/index.ts';
import { PageHeading } from '../static/Heading.tsx';
import { isUnauthorised, saveSession, type MySession } from './api.ts';
import { useMyReports } from './queries.ts';
import { WithSession } from './session.tsx';
import { ReportMeta } from './StatusBadge.tsx';
import { MY_TEXTS } from './texts.ts';

function Overview({ session, expired }: { session: MySession; expired: (error: unknown) => boolean }) {
  usePageTitle(MY_TEXTS.title);
  const navigate = useNavigate();
  const read = useMyReports(session.token, expired);
  const reports = read.data ?? null;
  // a 401 leaves the page (expired); any other failure says so here
  const failed = read.isError && !isUnauthorised(read.error);

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
              <ReportMeta createdAt={report.created_at} status={report.status} />
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

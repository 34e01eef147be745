/**
 * 'Melder': what is known of the reporter's reports (docs/reference/screens.md#entities 'Reporter context counts',
 * contract `sia:context`) and the reporter's other reports themselves, each a link when
 * this staff member may open it (`…/context/reporter/`).
 */
import { Link } from 'react-router';
import { incidentPage, formatCreatedAt } from '@meldloket/engine';
import type { ReporterContext as Context, ReporterReport } from './api.ts';
import { useReporterContext, useReporterReports } from './queries.ts';
import { INCIDENT_TEXTS } from './texts.ts';

const T = INCIDENT_TEXTS.context;

export function ReporterContext({ incidentId }: { incidentId: number }) {
  const found = useReporterContext(incidentId);
  const reports = useReporterReports(incidentId, Boolean(found.data?.reporter));
  const context: Context | 'failed' | null = found.data ?? (found.isError ? 'failed' : null);
  const others: ReporterReport[] | 'failed' | null = reports.data ?? (reports.isError ? 'failed' : null);

  if (context === null) return null;
  return (
    <section aria-labelledby="incident-reporter">
      <h2 id="incident-reporter" className="utrecht-heading-2">
        {T.heading}
      </h2>
      <p className="utrecht-paragraph">{context === 'failed' ? T.failed : context.reporter ? T.counts(context.reporter) : T.unknown}</p>
      {others === 'failed' && <p className="utrecht-paragraph ml-incident__error">{T.othersFailed}</p>}
      {Array.isArray(others) && others.length > 0 && (
        <>
          <h3 className="utrecht-heading-3">{T.others}</h3>
          <ul className="ml-incident__reporter-list">
            {others.map((report) => {
              const name = `SIG-${report.id}`;
              const line = ` · ${formatCreatedAt(report.created_at)} · ${report.category.sub} · ${report.status.state_display}`;
              return (
                <li key={report.id}>
                  {report.can_view_signal ? (
                    <Link className="utrecht-link" to={incidentPage(report.id)}>
                      {name}
                    </Link>
                  ) : (
                    <span>
                      {name} ({T.notVisible})
                    </span>
                  )}
                  {line}
                </li>
              );
            })}
          </ul>
        </>
      )}
    </section>
  );
}

/**
 * /instellingen/privacy/inzage (docs/privacy.md): who saw whose data. For the
 * privacy officer, the log of every time a staff member was shown a reporter's contact
 * details or other reports, newest first and paged, per report (Meldingnummer) or per staff
 * member (their e-mail address); the filter and the page are kept in the address.
 */
import { useFilterParams } from '../useFilterParams.ts';
import { incidentPage, API_PATHS, formatCreatedAt } from '@meldloket/engine';
import { useMemo, useState } from 'react';
import { Link } from 'react-router';
import { QueryState } from '../../api/QueryState.tsx';
import { Pager, SettingsPage, SettingsTable } from '../components.tsx';
import { Form, TextField } from '../../forms/index.ts';
import { useSettingsRead } from '../queries.ts';
import { PRIVACY_TEXTS as T } from './texts.ts';

export interface AccessPage {
  count: number;
  page: number;
  page_size: number;
  results: { signal_id: number; username: string; via: string; via_display: string; when: string }[];
}

const PAGE_SIZE = 25;

/** The report number as staff type it: '123' or 'SIG-123'. */
const reportNumber = (text: string) => /^(?:sig-?)?(\d{1,10})$/i.exec(text.trim())?.[1];

export default function AccessLog() {
  const [params, go] = useFilterParams();
  const page = Math.max(1, Number(params.get('page')) || 1);
  const signalId = params.get('signal_id') ?? '';
  const username = params.get('username') ?? '';
  const query = useMemo(() => {
    const q: Record<string, string | number> = { page, page_size: PAGE_SIZE };
    if (signalId) q.signal_id = signalId;
    if (username) q.username = username;
    return q;
  }, [page, signalId, username]);
  const load = useSettingsRead<AccessPage>(API_PATHS.privacyContactAccess, query);
  const [report, setReport] = useState(signalId);
  const [staff, setStaff] = useState(username);
  const [reportError, setReportError] = useState<string>();
  const pages = load.isSuccess ? Math.max(1, Math.ceil(load.data.count / PAGE_SIZE)) : 1;


  return (
    <SettingsPage title={T.accessTitle} back="/instellingen/privacy">
      <p className="utrecht-paragraph">{T.accessIntro}</p>
      <Form
        role="search"
        label={T.accessSearch}
        className="ml-settings__filters"
        onSubmit={() => {
          const number = report.trim() === '' ? '' : reportNumber(report);
          if (number === undefined) {
            setReportError(T.badReportNumber);
            return;
          }
          setReportError(undefined);
          go({ signal_id: number, username: staff.trim() });
        }}
      >
        <TextField id="access-report" hideOptional label={T.reportLabel} value={report} onChange={setReport} error={reportError} />
        <TextField id="access-staff" type="email" hideOptional label={T.staffLabel} value={staff} onChange={setStaff} />
        <div className="ml-field">
          <button type="submit" className="utrecht-button utrecht-button--secondary-action">
            {T.show}
          </button>
        </div>
      </Form>
      <QueryState query={load} failed={T.accessFailed} />
      {load.isSuccess && (
        <>
          <p className="utrecht-paragraph" role="status">
            {T.accessCount(load.data.count)}
          </p>
          {load.data.results.length > 0 && (
            <SettingsTable
              scrollLabel={T.accessTitle}
              rows={load.data.results.map((r, i) => ({ ...r, id: `${r.when}-${r.signal_id}-${i}` }))}
              columns={[
                { header: 'Wanneer', cell: (r) => formatCreatedAt(r.when) },
                { header: 'Medewerker', cell: (r) => r.username },
                { header: 'Melding', cell: (r) => <Link className="utrecht-link" to={incidentPage(r.signal_id)}>{`SIG-${r.signal_id}`}</Link> },
                { header: 'Waar', cell: (r) => r.via_display },
              ]}
            />
          )}
          <Pager page={page} pages={pages} onPage={(p) => go({ page: String(p) })} />
        </>
      )}
    </SettingsPage>
  );
}

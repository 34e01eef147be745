/**
 * /instellingen/rechten-melder (docs/privacy.md): on a reporter's request, staff
 * with `sia_reporter_rights` find every report of an e-mail address or phone number, export
 * what is held about that person (JSON or PDF), and anonymise it (the contact details go,
 * the reports stay) or erase it (the reports go). Each action is recorded; the record is
 * listed below. The address or number stays in this screen (never in the address bar).
 */
import { incidentPage, API_PATHS, formatCreatedAt } from '@meldloket/engine';
import { useState } from 'react';
import { Link } from 'react-router';
import { useApi } from '../../api/index.ts';
import { saveBlob } from '../../api/download.ts';
import { useAction, type WriteOutcome } from '../../api/write.ts';
import { ConfirmModal } from '../../modal/index.ts';
import { useNotifications } from '../../notifications/index.ts';
import { failureMessage } from '../api.ts';
import { QueryState } from '../../api/QueryState.tsx';
import { SettingsPage, SettingsTable } from '../components.tsx';
import { fieldMessages, Form, SubmitButton, TextField } from '../../forms/index.ts';
import { useSettingsChanged, useSettingsRead } from '../queries.ts';
import { RIGHTS_TEXTS as T } from './texts.ts';


interface Found {
  count: number;
  results: { id: number; created_at: string; state_display: string; category: string; address: string | null; email: string | null; phone: string | null }[];
}

interface Requests {
  results: { username: string; action: string; action_display: string; key_kind: 'email' | 'phone'; signal_ids: number[]; when: string }[];
}

type Subject = { email: string } | { phone: string };
type Mode = 'anonymise' | 'erase';

export default function ReporterRightsSection() {
  const api = useApi();
  const { show } = useNotifications();
  const [email, setEmail] = useState('');
  const [phone, setPhone] = useState('');
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [subject, setSubject] = useState<Subject | null>(null);
  const [found, setFound] = useState<Found | null>(null);
  const [confirm, setConfirm] = useState<Mode | null>(null);
  // every search, export and erasure is logged: the list of requests is read again after each
  const requests = useSettingsRead<Requests>(API_PATHS.reporterRequests);
  const changed = useSettingsChanged();

  // one request at a time; every one is logged, also a refused one: the log is read again after each
  const { run, busy } = useAction<unknown>();
  const logged = <R,>(call: () => Promise<R>) => run(() => call().finally(() => void changed())) as Promise<WriteOutcome<R> | undefined>;

  const search = async (asked: Subject) => {
    const outcome = await logged(() => api.post<Found>(API_PATHS.reporterSearch, asked));
    if (!outcome) return;
    if (outcome.ok) {
      setErrors({});
      setSubject(asked);
      setFound(outcome.data);
    } else {
      setErrors(fieldMessages(outcome.error));
      setFound(null);
      setSubject(null);
      show({ title: T.searchFailed, message: failureMessage(outcome.error), variant: 'error', type: 'local' });
    }
  };

  const exportAs = async (format: 'json' | 'pdf') => {
    if (!subject) return;
    const outcome = await logged(() => api.post<Blob>(API_PATHS.reporterExport, { ...subject, format }, { responseType: 'blob' }));
    if (!outcome) return;
    if (outcome.ok) {
      saveBlob(outcome.data, `inzage-${new Date().toISOString().slice(0, 10)}.${format}`);
      show({ title: T.exported(format), variant: 'success', type: 'local' });
    } else show({ title: T.exportFailed, message: failureMessage(outcome.error), variant: 'error', type: 'local' });
  };

  const act = async (mode: Mode) => {
    setConfirm(null);
    if (!subject) return;
    const outcome = await logged(async () => {
      const done = await api.post<{ count: number }>(API_PATHS.reporterErase, { ...subject, mode });
      show({ title: T.done(mode, done.count), variant: 'success', type: 'local' });
      setFound(await api.post<Found>(API_PATHS.reporterSearch, subject));
    });
    if (outcome && !outcome.ok) show({ title: T.actFailed, message: failureMessage(outcome.error), variant: 'error', type: 'local' });
  };

  return (
    <SettingsPage title={T.title} back="/instellingen/">
      <p className="utrecht-paragraph">{T.intro}</p>
      <Form
        role="search"
        label={T.searchLabel}
        className="ml-settings__filters"
        onSubmit={() => {
          const e1 = email.trim();
          const p1 = phone.trim();
          if (!e1 && !p1) return setErrors({ email: T.none });
          if (e1 && p1) return setErrors({ phone: T.both });
          void search(e1 ? { email: e1 } : { phone: p1 });
        }}
      >
        <TextField id="rights-email" type="email" hideOptional label={T.email} value={email} onChange={setEmail} error={errors.email ?? errors.form} />
        <TextField id="rights-phone" hideOptional label={T.phone} value={phone} onChange={setPhone} error={errors.phone} />
        <div className="ml-field">
          <SubmitButton busy={busy}>{T.search}</SubmitButton>
        </div>
      </Form>

      {found && (
        <section aria-labelledby="rights-found">
          <h2 id="rights-found" className="utrecht-heading-2">
            {T.found}
          </h2>
          <p className="utrecht-paragraph" role="status">
            {T.count(found.count)}
          </p>
          {found.results.length > 0 && (
            <SettingsTable
              scrollLabel={T.found}
              rows={found.results}
              columns={[
                { header: 'Melding', cell: (r) => <Link className="utrecht-link" to={incidentPage(r.id)}>{`SIG-${r.id}`}</Link> },
                { header: 'Gemeld op', cell: (r) => formatCreatedAt(r.created_at) },
                { header: 'Categorie', cell: (r) => r.category },
                { header: 'Status', cell: (r) => r.state_display },
                { header: 'E-mailadres', cell: (r) => r.email ?? '–' },
                { header: 'Telefoonnummer', cell: (r) => r.phone ?? '–' },
              ]}
            />
          )}
          <div className="ml-settings__actions">
            <button type="button" className="utrecht-button utrecht-button--secondary-action" disabled={busy} onClick={() => void exportAs('json')}>
              {T.exportJson}
            </button>
            <button type="button" className="utrecht-button utrecht-button--secondary-action" disabled={busy} onClick={() => void exportAs('pdf')}>
              {T.exportPdf}
            </button>
            {found.results.some((r) => r.email || r.phone) && (
              <button type="button" className="utrecht-button utrecht-button--secondary-action" disabled={busy} onClick={() => setConfirm('anonymise')}>
                {T.anonymise}
              </button>
            )}
            {found.results.length > 0 && (
              <button type="button" className="utrecht-button utrecht-button--primary-action" disabled={busy} onClick={() => setConfirm('erase')}>
                {T.erase}
              </button>
            )}
          </div>
        </section>
      )}
      <ConfirmModal
        open={confirm !== null}
        title={confirm === 'erase' ? T.confirmEraseTitle : T.confirmAnonymiseTitle}
        message={confirm === 'erase' ? T.confirmErase(found?.count ?? 0) : T.confirmAnonymise(found?.count ?? 0)}
        confirmLabel={confirm === 'erase' ? T.erase : T.anonymise}
        onConfirm={() => confirm && void act(confirm)}
        onCancel={() => setConfirm(null)}
      />

      <h2 className="utrecht-heading-2">{T.requests}</h2>
      <QueryState query={requests} failed={T.requestsFailed} />
      {requests.isSuccess &&
        (requests.data.results.length === 0 ? (
          <p className="utrecht-paragraph">{T.noRequests}</p>
        ) : (
          <SettingsTable
            scrollLabel={T.requests}
            rows={requests.data.results.map((r, i) => ({ ...r, id: `${r.when}-${i}` }))}
            columns={[
              { header: 'Wanneer', cell: (r) => formatCreatedAt(r.when) },
              { header: 'Medewerker', cell: (r) => r.username },
              { header: 'Actie', cell: (r) => r.action_display },
              { header: 'Gezocht op', cell: (r) => (r.key_kind === 'email' ? T.email : T.phone) },
              { header: 'Meldingen', cell: (r) => r.signal_ids.map((id) => `SIG-${id}`).join(', ') || '–' },
            ]}
          />
        ))}
    </SettingsPage>
  );
}

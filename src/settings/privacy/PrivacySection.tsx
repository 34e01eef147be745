/**
 * /instellingen/privacy (docs/privacy.md): for the privacy officer
 * (`sia_privacy_officer`), the retention figures this municipality configured, the last
 * run of the daily job, its dry run (what it would do now) and the deletion records;
 * under `inzage` who saw whose data (AccessLog.tsx).
 */
import { incidentPage, API_PATHS, formatCreatedAt } from '@meldloket/engine';
import { Link, Route, Routes } from 'react-router';
import { NotFoundPage } from '../../static/NotFoundPage.tsx';
import { QueryState } from '../../api/QueryState.tsx';
import { SettingsPage, SettingsTable } from '../components.tsx';
import { useSettingsRead } from '../queries.ts';
import AccessLog from './AccessLog.tsx';
import { PRIVACY_TEXTS as T } from './texts.ts';

export interface Retention {
  contact_days: number;
  delete_after_years: { state: string; state_display: string; years: number | null }[];
  last_run: { day: string; started_at: string; finished_at: string | null; anonymised: number | null; deleted: number | null } | null;
  dry_run: { action: 'anonymise' | 'delete'; signal_id: number; state: string; state_display: string; category: string; ended_at: string; due_at: string; rule: string }[];
}

export interface Deletions {
  count: number;
  results: { signal_id: number; category: string; state_display: string; created_at: string; ended_at: string; deleted_at: string; rule: string; deleted_by: string | null }[];
}

const ACTIONS = { anonymise: 'Contactgegevens anonimiseren', delete: 'Melding verwijderen' } as const;
const years = (n: number | null) => (n === null ? 'Nooit verwijderd' : n === 1 ? 'Na 1 jaar verwijderd' : `Na ${n} jaar verwijderd`);
const FAILED = 'De privacygegevens konden niet worden opgehaald.';

export default function PrivacySection() {
  return (
    <Routes>
      <Route index element={<PrivacyOverview />} />
      <Route path="inzage" element={<AccessLog />} />
      <Route path="*" element={<NotFoundPage />} />
    </Routes>
  );
}

function PrivacyOverview() {
  const retention = useSettingsRead<Retention>(API_PATHS.privacyRetention);
  const deletions = useSettingsRead<Deletions>(API_PATHS.privacyDeletions);
  return (
    <SettingsPage title="Privacy" back="/instellingen/">
      <QueryState query={retention} failed={FAILED} />
      {retention.isSuccess && <RetentionView retention={retention.data} />}
      <h2 className="utrecht-heading-2">{T.accessTitle}</h2>
      <p className="utrecht-paragraph">
        <Link className="utrecht-link" to="inzage">
          {T.accessLink}
        </Link>
      </p>
      <h2 className="utrecht-heading-2">Verwijderde meldingen</h2>
      <p className="utrecht-paragraph">Van een verwijderde melding blijft alleen dit over, zonder persoonsgegevens.</p>
      <QueryState query={deletions} failed={FAILED} />
      {deletions.isSuccess &&
        (deletions.data.results.length === 0 ? (
          <p className="utrecht-paragraph">Er zijn nog geen meldingen verwijderd.</p>
        ) : (
          <SettingsTable
            scrollLabel="Verwijderde meldingen"
            rows={deletions.data.results.map((d) => ({ ...d, id: d.signal_id }))}
            columns={[
              { header: 'Melding', cell: (d) => d.signal_id },
              { header: 'Categorie', cell: (d) => d.category },
              { header: 'Status', cell: (d) => d.state_display },
              { header: 'Gemeld op', cell: (d) => formatCreatedAt(d.created_at) },
              { header: 'Verwijderd op', cell: (d) => formatCreatedAt(d.deleted_at) },
              { header: 'Door', cell: (d) => d.deleted_by ?? d.rule },
            ]}
          />
        ))}
    </SettingsPage>
  );
}

function RetentionView({ retention }: { retention: Retention }) {
  const run = retention.last_run;
  return (
    <>
      <h2 className="utrecht-heading-2">Bewaartermijnen</h2>
      <dl className="ml-settings__facts">
        <dt>Contactgegevens van de melder</dt>
        <dd>{retention.contact_days} dagen na de eindstatus geanonimiseerd</dd>
        {retention.delete_after_years.map((r) => (
          <div key={r.state}>
            <dt>Meldingen met status {r.state_display}</dt>
            <dd>{years(r.years)}</dd>
          </div>
        ))}
      </dl>
      <p className="utrecht-paragraph">
        {run
          ? `De bewaartaak draaide het laatst op ${formatCreatedAt(run.started_at)}: ${run.anonymised ?? 0} melders geanonimiseerd, ${run.deleted ?? 0} meldingen verwijderd.`
          : 'De bewaartaak heeft nog niet gedraaid.'}
      </p>
      <h2 className="utrecht-heading-2">Proefrun</h2>
      <p className="utrecht-paragraph">Wat de dagelijkse bewaartaak nu zou doen. Er verandert niets.</p>
      {retention.dry_run.length === 0 ? (
        <p className="utrecht-paragraph">De bewaartaak heeft nu niets te doen.</p>
      ) : (
        <SettingsTable
          scrollLabel="Proefrun"
          rows={retention.dry_run.map((i) => ({ ...i, id: `${i.action}-${i.signal_id}` }))}
          columns={[
            { header: 'Melding', cell: (i) => <Link className="utrecht-link" to={incidentPage(i.signal_id)}>{i.signal_id}</Link> },
            { header: 'Actie', cell: (i) => ACTIONS[i.action] },
            { header: 'Status', cell: (i) => i.state_display },
            { header: 'Categorie', cell: (i) => i.category },
            { header: 'Eindstatus sinds', cell: (i) => formatCreatedAt(i.ended_at) },
            { header: 'Regel', cell: (i) => i.rule },
          ]}
        />
      )}
    </>
  );
}

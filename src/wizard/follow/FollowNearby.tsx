/**
 * Step 2's 'Is dit hetzelfde probleem?' (docs/duplicates.md): once a location is chosen,
 * the open reports of the same subcategory nearby (number, date, status, distance; never a text or
 * reporter data), each with 'Ja, houd mij op de hoogte'. That asks an e-mail address and starts
 * following (the server mails a link to confirm); the confirmation says which report and that a
 * mail was sent. A lazy chunk: nothing of it is in the first page's scripts. A resident who ignores
 * it goes on with 'Volgende' as before.
 */
import { lazy, Suspense, useCallback, useEffect, useId, useLayoutEffect, useMemo, useRef, useState, type FormEvent } from 'react';
import { API_PATHS, ApiError, formatInAmsterdam, isEmail } from '@meldloket/engine';
import { ErrorMessage, ErrorSummary } from '@meldloket/renderer';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useApi } from '../../api/index.ts';
import { useWrite } from '../../api/write.ts';
import { CancelButton } from '../../layout/CancelButton.tsx';
import { TEXTS } from '../texts.ts';
import { NEARBY_TEXTS as T } from './texts.ts';

// the reports on a small map beside the list: Leaflet's chunk, loaded only when there is a list
const NearbyMap = lazy(() => import('../../map/NearbyMap.tsx'));

export interface NearbyReport {
  id: number;
  id_display: string;
  created_at: string;
  status: { state_display: string };
  distance: number;
  geometry: { type: 'Point'; coordinates: [number, number] };
}

const NO_REPORTS: NearbyReport[] = [];

type View = { kind: 'list' } | { kind: 'form'; report: NearbyReport } | { kind: 'followed'; report: NearbyReport; email: string };

export function FollowNearby({ category, subcategory, lat, lng }: { category: string; subcategory: string; lat: number; lng: number }) {
  const api = useApi();
  const [view, setView] = useState<View>({ kind: 'list' });
  // another place or subcategory: its list, the one before kept until it answers (none when it fails)
  const nearby = useQuery<NearbyReport[]>({
    queryKey: ['follow-nearby', category, subcategory, lat, lng],
    queryFn: ({ signal }) => api.get<{ results: NearbyReport[] }>(API_PATHS.followersNearby, { query: { main_slug: category, sub_slug: subcategory, lon: String(lng), lat: String(lat) }, signal }).then((r) => r.results),
    placeholderData: keepPreviousData,
  });
  const reports = nearby.data ?? NO_REPORTS;
  useEffect(() => setView({ kind: 'list' }), [category, subcategory, lat, lng]);
  // after 'Annuleren' (or a marker on the map) the focus goes to that report's button
  const [focusOn, setFocusOn] = useState<{ id: number; n: number } | null>(null);
  const titleId = useId();
  const location = useMemo(() => ({ lat, lng }), [lat, lng]);
  const points = useMemo(() => reports.map((r) => ({ id: r.id, lng: r.geometry.coordinates[0], lat: r.geometry.coordinates[1], label: T.report(r.id_display) })), [reports]);
  const focusReport = useCallback((id: number) => setFocusOn((last) => ({ id, n: (last?.n ?? 0) + 1 })), []);


  if (reports.length === 0) return null;
  return (
    <section className="ml-follow-nearby" aria-labelledby={titleId}>
      <h2 id={titleId} className="utrecht-heading-2">
        {T.title}
      </h2>
      {view.kind === 'followed' ? (
        <Followed report={view.report} email={view.email} />
      ) : view.kind === 'form' ? (
        <FollowForm report={view.report} onCancel={() => {
            focusReport(view.report.id);
            setView({ kind: 'list' });
          }} onFollowed={(email) => setView({ kind: 'followed', report: view.report, email })} />
      ) : (
        <>
          <p className="utrecht-paragraph">{T.intro}</p>
          <Suspense fallback={null}>
            <NearbyMap location={location} points={points} label={T.mapLabel} onSelect={focusReport} />
          </Suspense>
          <ul className="ml-follow-nearby__list">
            {reports.map((report, i) => (
              <NearbyItem key={report.id} report={report} n={i + 1} focus={report.id === focusOn?.id ? focusOn.n : 0} onFollow={() => setView({ kind: 'form', report })} />
            ))}
          </ul>
        </>
      )}
    </section>
  );
}

/** `focus`: a number that changes each time the focus should go to this report's button (0: not). */
function NearbyItem({ report, n, focus, onFollow }: { report: NearbyReport; n: number; focus: number; onFollow: () => void }) {
  const id = useId();
  const button = useRef<HTMLButtonElement>(null);
  useLayoutEffect(() => {
    if (!focus) return;
    button.current?.focus();
    button.current?.scrollIntoView?.({ block: 'center' });
  }, [focus]);
  return (
    <li className="ml-follow-nearby__item">
      <div className="ml-follow-nearby__head">
        {/* the number of its marker on the map */}
        <span className="ml-nearby-number" aria-hidden="true">
          {n}
        </span>
        <h3 id={id} className="utrecht-heading-3 ml-follow-nearby__number">
          {T.report(report.id_display)}
        </h3>
      </div>
      <ul className="ml-follow-nearby__facts">
        <li>{T.reported(formatInAmsterdam(report.created_at, 'd MMMM yyyy'))}</li>
        <li>{T.status(report.status.state_display)}</li>
        <li>{T.distance(Math.round(report.distance))}</li>
      </ul>
      <button ref={button} type="button" className="utrecht-button utrecht-button--secondary-action" aria-describedby={id} onClick={onFollow}>
        {T.follow}
      </button>
    </li>
  );
}

function FollowForm({ report, onCancel, onFollowed }: { report: NearbyReport; onCancel: () => void; onFollowed: (email: string) => void }) {
  const api = useApi();
  const fieldId = `${useId()}-email`;
  const heading = useRef<HTMLHeadingElement>(null);
  const [email, setEmail] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [attempts, setAttempts] = useState(0);
  const follow = useWrite({ write: (address: string) => api.post(API_PATHS.followers, { signal: report.id, email: address }) });
  const busy = follow.busy;

  useLayoutEffect(() => heading.current?.focus(), []);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (busy) return;
    setAttempts((n) => n + 1);
    const address = email.trim();
    if (!isEmail(address)) return setError(T.emailInvalid);
    setError(null);
    const outcome = await follow.run(address);
    if (!outcome) return;
    if (outcome.ok) return onFollowed(address);
    const body = outcome.error instanceof ApiError ? (outcome.error.body as Record<string, unknown> | undefined) : undefined;
    setError(body && 'email' in body ? T.emailInvalid : firstMessage(body) ?? T.failed);
  };

  return (
    <form className="ml-follow-nearby__form" noValidate onSubmit={submit}>
      <h3 ref={heading} tabIndex={-1} className="utrecht-heading-3">
        {T.formTitle(report.id_display)}
      </h3>
      {error && attempts > 0 && <ErrorSummary title={TEXTS.errorSummaryTitle} errors={[{ id: fieldId, label: T.emailShort, message: error }]} focusKey={attempts} />}
      <div className="utrecht-form-field">
        <label className="utrecht-form-label" htmlFor={fieldId}>
          {T.emailLabel}
        </label>
        <p id={`${fieldId}-hint`} className="utrecht-form-field-description">
          {T.emailHint}
        </p>
        {error && <ErrorMessage id={`${fieldId}-error`}>{error}</ErrorMessage>}
        <input
          id={fieldId}
          type="email"
          autoComplete="email"
          className="utrecht-textbox utrecht-textbox--html-input ml-textbox"
          value={email}
          aria-describedby={error ? `${fieldId}-hint ${fieldId}-error` : `${fieldId}-hint`}
          aria-invalid={error ? true : undefined}
          onChange={(e) => setEmail(e.target.value)}
        />
      </div>
      <div className="ml-follow-nearby__actions">
        <button type="submit" className="utrecht-button utrecht-button--primary-action" disabled={busy}>
          {busy ? T.sending : T.submit}
        </button>
        <CancelButton onClick={onCancel}>{T.cancel}</CancelButton>
      </div>
    </form>
  );
}

/** A message of the server's error shape (e.g. {"signal": ["Deze melding is al afgehandeld."]}). */
function firstMessage(body: Record<string, unknown> | undefined): string | undefined {
  for (const value of Object.values(body ?? {})) {
    const text = Array.isArray(value) ? value[0] : value;
    if (typeof text === 'string' && text) return text;
  }
  return undefined;
}

function Followed({ report, email }: { report: NearbyReport; email: string }) {
  const heading = useRef<HTMLHeadingElement>(null);
  useLayoutEffect(() => heading.current?.focus(), []);
  return (
    <div className="ml-follow-nearby__done" role="status">
      <h3 ref={heading} tabIndex={-1} className="utrecht-heading-3">
        {T.confirmTitle}
      </h3>
      <p className="utrecht-paragraph">{T.confirmMessage(report.id_display, email)}</p>
      <p className="utrecht-paragraph">{T.confirmOwnReport}</p>
    </div>
  );
}

export default FollowNearby;

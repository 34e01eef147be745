/**
 * /manage/incident/{id}: one report with everything a handler needs — its fields,
 * location, photos, family, reporter, history — and every action on it: status,
 * note, urgency, type, subcategory, assignment, location, splitting, linking
 * nearby reports. Common actions have shortcut keys, listed on the page.
 */
import { APP_PATHS } from '@meldloket/engine';
import { lazy, Suspense, useEffect, useMemo, useRef, useState } from 'react';
import { Link, useNavigate, useParams } from 'react-router';
import { canAccess, useAuth, type Area } from '../../auth/index.ts';
import { PageLoading, PHONE_QUERY, useMediaQuery, usePageTitle } from '../../layout/index.ts';
import { NotificationBanner, useNotifications } from '../../notifications/index.ts';
import { BackOfficeNotFoundPage } from '../BackOfficeNotFoundPage.tsx';
import { PageHeading } from '../../static/Heading.tsx';
import { RefusalPage } from '../RefusalPage.tsx';
import type { IncidentDetail } from './api.ts';
import { Attachments } from './Attachments.tsx';
import { subcategoryOf } from './categories.ts';
import { EDIT_LABELS, type EditKind } from './edits.ts';
import { EditForm } from './EditForm.tsx';
import { incidentKind } from './fields.ts';
import { Family } from './Family.tsx';
import { Fields } from './Fields.tsx';
import { History } from './History.tsx';
import { Duplicates } from './Duplicates.tsx';
import { Nearby } from './Nearby.tsx';
import { NoteForm } from './NoteForm.tsx';
import { PdfButton } from './PdfButton.tsx';
import { Photos } from './Photos.tsx';
import { ReporterContext } from './ReporterContext.tsx';
import { ShortcutList, useShortcuts } from './Shortcuts.tsx';
import { SplitForm } from './SplitForm.tsx';
import { StatusForm } from './StatusForm.tsx';
import { INCIDENT_TEXTS } from './texts.ts';
import { useIncident } from './useIncident.ts';
import { useReportChanged } from './queries.ts';
import './incident.css';

const LocationMap = lazy(() => import('../../reply/LocationMap.tsx'));
const LocationEditor = lazy(() => import('./LocationEditor.tsx'));

type Panel = 'status' | 'split' | EditKind;


function Failed({ message }: { message: string }) {
  usePageTitle(INCIDENT_TEXTS.loadFailed);
  return (
    <article>
      <PageHeading>{INCIDENT_TEXTS.loadFailed}</PageHeading>
      <p className="utrecht-paragraph">{message}</p>
    </article>
  );
}

export default function IncidentDetailPage() {
  const { id = '' } = useParams();
  const { state, updated } = useIncident(id);
  if (state.kind === 'loading') return <PageLoading label={INCIDENT_TEXTS.loading} />;
  if (state.kind === 'missing') return <BackOfficeNotFoundPage heading={INCIDENT_TEXTS.notFound} text={INCIDENT_TEXTS.notFoundText(/^\d+$/.test(id) ? `SIG-${id}` : id)} />;
  if (state.kind === 'forbidden') return <RefusalPage />;
  if (state.kind === 'failed') return <Failed message={state.message} />;
  return <Incident detail={state.detail} version={state.version} onUpdated={updated} />;
}

function Incident({ detail, version, onUpdated }: { detail: IncidentDetail; version: number; onUpdated: (detail: IncidentDetail) => void }) {
  const title = INCIDENT_TEXTS.title(detail.id_display ?? `SIG-${detail.id}`);
  usePageTitle(title);
  const { staffData, can: canArea, user } = useAuth();
  // the access table decides which actions are offered (a read-only user sees none of them)
  const can = (area: Area) => (canArea ? canArea(area) : canAccess(user, area));
  const { show } = useNotifications();
  const navigate = useNavigate();
  const reportChanged = useReportChanged(detail.id);
  const [panel, setPanel] = useState<Panel | null>(null);
  /** Set by a shortcut key: once the panel is drawn, focus moves into it. */
  const [focusPanel, setFocusPanel] = useState(0);
  const openers = useRef(new Map<Panel, HTMLButtonElement | null>());
  const noteRef = useRef<HTMLTextAreaElement>(null);
  const historyRef = useRef<HTMLHeadingElement>(null);
  const now = useMemo(() => new Date(), [version]); // eslint-disable-line react-hooks/exhaustive-deps
  const subcategory = useMemo(() => subcategoryOf(staffData?.categories ?? [], detail.category.category_url), [staffData, detail.category.category_url]);
  const isChild = Boolean(detail._links['sia:parent']);
  const phone = useMediaQuery(PHONE_QUERY);
  const closed = detail.status.state === 's';

  /** Closes `which` (and gives focus back to its opener) unless another panel was opened meanwhile. */
  const close = (which: Panel) => {
    setPanel((open) => (open === which ? null : open));
    requestAnimationFrame(() => {
      if (!document.getElementById('incident-panel')) openers.current.get(which)?.focus();
    });
  };
  /** A change saved: the new detail, the message, and the panel it came from closed (a save that lands late never closes a panel opened since). */
  const doneWith = (which: Panel | null) => (next: IncidentDetail, message: string) => {
    onUpdated(next);
    show({ title: message, variant: 'success', type: 'local' });
    if (which) close(which);
  };
  /** A change made outside the panels (an attachment): the report fetched again, and the message. */
  const changed = (message: string) => void reportChanged().then(() => show({ title: message, variant: 'success', type: 'local' }));
  const toggle = (which: Panel) => (panel === which ? close(which) : setPanel(which));

  const mayStatus = can('changeStatus');
  const mayNote = can('addNote');
  const maySplit = can('split') && !isChild && !closed;
  const mayEdit = can('editIncident');

  useEffect(() => {
    if (!focusPanel) return;
    document.querySelector<HTMLElement>('#incident-panel :is(input, select, textarea, button):not([disabled])')?.focus();
  }, [focusPanel]);

  const shortcuts = useShortcuts((action) => {
    if (action === 'status' && mayStatus) {
      setPanel('status');
      setFocusPanel((n) => n + 1);
    } else if (action === 'split' && maySplit) {
      setPanel('split');
      setFocusPanel((n) => n + 1);
    } else if (action === 'note' && mayNote) noteRef.current?.focus();
    else if (action === 'history') historyRef.current?.focus();
    else if (action === 'overview') navigate(APP_PATHS.incidents);
  });

  const [lng, lat] = detail.location.geometrie.coordinates;
  const actions: Array<{ key: Panel; label: string; hidden?: boolean }> = [
    { key: 'status', label: INCIDENT_TEXTS.status.open, hidden: !mayStatus },
    { key: 'priority', label: INCIDENT_TEXTS.edit.change(EDIT_LABELS.priority), hidden: !mayEdit },
    { key: 'type', label: INCIDENT_TEXTS.edit.change(EDIT_LABELS.type), hidden: !mayEdit },
    { key: 'category', label: INCIDENT_TEXTS.edit.change(EDIT_LABELS.category), hidden: !can('changeCategory') },
    { key: 'assignment', label: INCIDENT_TEXTS.edit.change(EDIT_LABELS.assignment), hidden: !mayEdit },
    { key: 'routing', label: INCIDENT_TEXTS.edit.change(EDIT_LABELS.routing), hidden: !mayEdit },
    // directing departments only on a parent report (docs/reference/api.md#private)
    { key: 'directing', label: INCIDENT_TEXTS.edit.change(EDIT_LABELS.directing), hidden: !mayEdit || incidentKind(detail) !== 'parent_signal' },
    { key: 'location', label: INCIDENT_TEXTS.edit.change(EDIT_LABELS.location), hidden: !mayEdit },
    { key: 'split', label: INCIDENT_TEXTS.split.open, hidden: !maySplit },
  ];
  const offered = actions.filter((a) => !a.hidden);

  return (
    <article className="ml-incident">
      <p className="utrecht-paragraph">
        <Link className="utrecht-link" to={APP_PATHS.incidents}>
          {INCIDENT_TEXTS.back}
        </Link>
      </p>
      <PageHeading>{title}</PageHeading>
      <NotificationBanner type="local" />
      <p className="utrecht-paragraph ml-incident__status-line">
        {detail.status.state_display} · {detail.category.sub} ({detail.category.main})
      </p>
      {/* on a phone the report comes before the actions (and so in the keyboard order too); the
          slot stays in place on a desktop, so the actions and an open form are never drawn anew */}
      {phone && <Fields detail={detail} subcategory={subcategory} now={now} />}

      <section aria-labelledby="incident-actions" className="ml-incident__actions">
        {/* on a phone the actions follow the report's facts: there their heading shows */}
        <h2 id="incident-actions" className={phone ? 'utrecht-heading-2' : 'ml-visually-hidden'}>
          Acties
        </h2>
        {offered.length === 0 && <p className="utrecht-paragraph">{INCIDENT_TEXTS.readOnly}</p>}
        <ul className="ml-incident__action-list">
          <li>
            <PdfButton detail={detail} />
          </li>
          {offered.map((action) => (
              <li key={action.key}>
                <button
                  type="button"
                  ref={(el) => {
                    openers.current.set(action.key, el);
                  }}
                  className={`utrecht-button ${action.key === 'status' ? 'utrecht-button--primary-action' : 'utrecht-button--secondary-action'}`}
                  aria-expanded={panel === action.key}
                  aria-controls={panel === action.key ? 'incident-panel' : undefined}
                  onClick={() => toggle(action.key)}
                >
                  {action.label}
                </button>
              </li>
            ))}
        </ul>
        {panel && (
          <div id="incident-panel" className="ml-incident__panel">
            {panel === 'status' && <StatusForm detail={detail} subcategory={subcategory} onUpdated={doneWith('status')} onCancel={() => close('status')} />}
            {panel === 'split' && <SplitForm detail={detail} onDone={doneWith('split')} onCancel={() => close('split')} />}
            {panel === 'location' && (
              <Suspense fallback={<PageLoading />}>
                <LocationEditor detail={detail} onUpdated={doneWith('location')} onCancel={() => close('location')} />
              </Suspense>
            )}
            {(panel === 'priority' || panel === 'type' || panel === 'category' || panel === 'assignment' || panel === 'routing' || panel === 'directing') && (
              <EditForm kind={panel} detail={detail} categoryUrl={subcategory?.url ?? null} onUpdated={doneWith(panel)} onCancel={() => close(panel)} />
            )}
          </div>
        )}
      </section>

      <div className="ml-incident__columns">
        <div className="ml-incident__main">
          {!phone && <Fields detail={detail} subcategory={subcategory} now={now} />}
          <section aria-labelledby="incident-map">
            <h2 id="incident-map" className="utrecht-heading-2">
              {INCIDENT_TEXTS.fields.location}
            </h2>
            <Suspense fallback={<PageLoading />}>
              <LocationMap lat={lat} lng={lng} />
            </Suspense>
          </section>
          <Photos incidentId={detail.id} />
          <Attachments detail={detail} onChanged={changed} />
          <Family detail={detail} mayUnlink={mayEdit} onUnlinked={doneWith(null)} />
          <ReporterContext incidentId={detail.id} />
          <Duplicates detail={detail} mayMerge={can('merge')} onChanged={doneWith(null)} />
          {!isChild && !closed && <Nearby detail={detail} mayLink={mayEdit} mayMerge={can('merge')} onLinked={doneWith(null)} />}
        </div>
        <div className="ml-incident__side">
          {mayNote && (
            <section aria-labelledby="incident-note">
              <h2 id="incident-note" className="utrecht-heading-2">
                {INCIDENT_TEXTS.notes.heading}
              </h2>
              <NoteForm ref={noteRef} incidentId={detail.id} onUpdated={doneWith(null)} />
            </section>
          )}
          <History ref={historyRef} incidentId={detail.id} />
          <ShortcutList off={shortcuts.off} onToggle={shortcuts.toggle} offered={{ status: mayStatus, note: mayNote, split: maySplit }} />
        </div>
      </div>
    </article>
  );
}

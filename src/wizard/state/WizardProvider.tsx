/**
 * Runs the engine's wizard machine for the app: provides its actors, restores and
 * saves the draft, and keeps the URL in step with the machine (the machine leads;
 * the browser's back and forward buttons become GOTO events).
 */
import { createContext, lazy, Suspense, useCallback, useContext, useEffect, useLayoutEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import { useLocation, useNavigate, useNavigationType } from 'react-router';
import { useActorRef, useSelector } from '@xstate/react';
import type { ActorRefFrom, SnapshotFrom } from 'xstate';
import {
  createWizardActors,
  isEditableStep,
  stepFromPath,
  stepIndex,
  stepPath,
  wizardMachine,
  type Step,
  type SubmitInput,
  type WizardEvent,
} from '@meldloket/engine';
import { useConfig } from '../../config/index.ts';
import { useApi } from '../../api/index.ts';
import { useAuth } from '../../auth/index.ts';
import {
  clearDeviceDraft,
  clearStoredWizard,
  createPhotoStore,
  draftIsBegun,
  loadDeviceDraft,
  loadStoredWizard,
  newSubmitKey,
  saveDeviceDraft,
  saveStoredWizard,
  type DeviceDraft,
  type PhotoStore,
  type StoredWizard,
} from './persistence.ts';
import { engineFormIfLoaded, lazyCreateForm, loadEngineForm } from './engineForm.ts';
import { PageLoading } from '../../layout/index.ts';
import { preloadWidgets } from '@meldloket/renderer';
import { createProgressStore, type ProgressStore } from './progress.ts';
import { wizardPorts, type UploadFn } from './services.ts';
import { WIZARD_STEP_QUESTIONS } from './questionSets.ts';

export type WizardActor = ActorRefFrom<typeof wizardMachine>;
export type WizardSnapshot = SnapshotFrom<typeof wizardMachine>;

interface WizardRuntime {
  actor: WizardActor;
  photos: PhotoStore;
  progress: ProgressStore;
}

const WizardContext = createContext<WizardRuntime | null>(null);

/** The step the machine is at ('opslaan' while sending). */
export function stepOf(snapshot: WizardSnapshot): Step {
  const value = (snapshot.value as { step: string | Record<string, unknown> }).step;
  return (typeof value === 'string' ? value : Object.keys(value)[0]) as Step;
}

export interface WizardProviderProps {
  /** Overrides the XMLHttpRequest upload (tests). */
  upload?: UploadFn;
  children: ReactNode;
}

// The offer of a report begun earlier on this device: its own chunk (with the date formatting), loaded only when there is one.
const DraftOffer = lazy(() => import('./DraftOffer.tsx').then((m) => ({ default: m.DraftOffer })));

/**
 * The wizard's machine, made anew when the resident goes on with a report begun earlier on this
 * device (the draft is then the tab's stored draft, as after a reload).
 */
export function WizardProvider(props: WizardProviderProps) {
  const [generation, setGeneration] = useState(0);
  const resume = useCallback((draft: DeviceDraft) => {
    saveStoredWizard({ draft: draft.draft, step: draft.step, submitKey: draft.submitKey });
    setGeneration((value) => value + 1);
  }, []);
  return <WizardLoader key={generation} {...props} resumed={generation > 0} resume={resume} />;
}

interface Resumption {
  /** The machine was made for a report begun earlier on this device. */
  resumed: boolean;
  /** Goes on with that report: its draft becomes the tab's, and the machine is made anew. */
  resume(draft: DeviceDraft): void;
}

/**
 * The machine compiles the questions of steps 1 and 3 when it starts (and a
 * restored draft's step-2 questions), so the form compiler (a lazy chunk) must
 * be there first.
 */
function WizardLoader(props: WizardProviderProps & Resumption) {
  const stored = useMemo(() => loadStoredWizard(), []);
  // a restored draft's step-2 widgets too (lazy in the renderer), so that step shows whole, without a shift
  const restoredTypes = stored?.draft.questions?.map((question) => question.field_type) ?? [];
  const [ready, setReady] = useState(engineFormIfLoaded() !== null && restoredTypes.length === 0);
  useEffect(() => {
    if (!ready) Promise.all([loadEngineForm(), preloadWidgets(restoredTypes).catch(() => undefined)]).then(() => setReady(true));
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [ready]);
  if (!ready) return <PageLoading />;
  return <WizardRuntimeProvider {...props} stored={stored} />;
}

const payloadOf = async (input: SubmitInput) => {
  const { buildPayload } = await loadEngineForm();
  return buildPayload(input.draft, { now: input.now, isAuthenticated: input.isAuthenticated, form: input.form });
};

function WizardRuntimeProvider({ upload, children, stored, resumed, resume }: WizardProviderProps & Resumption & { stored: StoredWizard | null }) {
  const createForm = lazyCreateForm;
  const buildPayload = payloadOf;
  const config = useConfig();
  const api = useApi();
  const auth = useAuth();
  const runtime = useMemo(() => ({ photos: createPhotoStore(), progress: createProgressStore() }), []);
  // A restored draft opens at the step the URL names when that step was reached, so the URL names the step shown.
  const { pathname } = useLocation();
  const [resumeAt] = useState(() => {
    const wanted = stepFromPath(pathname);
    if (!stored) return undefined;
    return wanted && isEditableStep(wanted) && stepIndex(wanted) <= stepIndex(stored.step) ? wanted : stored.step;
  });
  const submitKey = useRef(stored?.submitKey ?? newSubmitKey());

  const machine = useMemo(
    () =>
      wizardMachine.provide({
        actors: createWizardActors(
          wizardPorts({
            api,
            config,
            photos: runtime.photos,
            progress: runtime.progress,
            buildPayload,
            submitKey: () => submitKey.current,
            getToken: auth.getToken,
            upload,
          }),
        ),
      }),
    // the machine is made once per mount; its services read the latest values through refs where it matters
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [],
  );

  const actor = useActorRef(machine, {
    input: {
      createForm,
      steps: WIZARD_STEP_QUESTIONS,
      isAuthenticated: auth.isAuthenticated,
      appMode: config.features.appMode,
      draft: stored?.draft ? { ...stored.draft, usePredictions: stored.draft.usePredictions && config.features.usePredictions } : undefined,
      step: resumeAt,
      reached: stored?.step,
    },
  });

  // Predictions off by configuration: the draft starts without them.
  useEffect(() => {
    if (!stored && !config.features.usePredictions) actor.send({ type: 'DRAFT', action: { type: 'update', payload: { usePredictions: false } } });
  }, [actor, stored, config.features.usePredictions]);

  // A report begun earlier on this device (in a tab since closed) is offered when the tab has no
  // draft of its own; until the resident has chosen, this tab's draft does not replace it there.
  const [offer, setOffer] = useState<DeviceDraft | null>(null);
  const deviceKept = useRef(false);
  const keepOnDevice = useCallback(() => {
    deviceKept.current = true;
    const snapshot = actor.getSnapshot();
    const step = stepOf(snapshot);
    if (isEditableStep(step)) saveDeviceDraft({ draft: snapshot.context.draft, step, submitKey: submitKey.current }, Date.now());
  }, [actor]);
  useEffect(() => {
    // (a tab's own untouched draft, e.g. reloaded while the offer was open, is no report of its own)
    if (stored && draftIsBegun(stored.draft)) return keepOnDevice();
    let current = true;
    void loadDeviceDraft(Date.now()).then((found) => {
      if (!current) return;
      if (found) setOffer(found);
      else keepOnDevice();
    });
    return () => {
      current = false;
    };
  }, [stored, keepOnDevice]);
  // After the choice the resident goes on in the first field (once the offer has closed: while it is open the page is inert).
  const [choices, setChoices] = useState(0);
  useEffect(() => {
    if (resumed || choices > 0) return focusFirstField();
  }, [resumed, choices]);
  const startAnew = useCallback(() => {
    setOffer(null);
    setChoices((count) => count + 1);
    void clearDeviceDraft(actor.getSnapshot().context.draft.images.map((image) => image.id)).then(keepOnDevice);
  }, [actor, keepOnDevice]);
  const notNow = useCallback(() => {
    // closed without a choice (Escape): the report stays on the device until this tab's draft replaces it
    setOffer(null);
    setChoices((count) => count + 1);
    keepOnDevice();
  }, [keepOnDevice]);

  // Save the draft on every change; after the thank-you page a new report starts clean.
  useEffect(() => {
    const subscription = actor.subscribe((snapshot) => {
      const step = stepOf(snapshot);
      if (step === 'bedankt') {
        clearStoredWizard();
        void clearDeviceDraft();
        return;
      }
      const { draft } = snapshot.context;
      const resumable = isEditableStep(step) ? step : 'summary';
      runtime.photos.retain(draft.images.map((image) => image.id));
      saveStoredWizard({ draft, step: resumable, submitKey: submitKey.current });
      if (deviceKept.current) saveDeviceDraft({ draft, step: resumable, submitKey: submitKey.current }, Date.now());
    });
    return () => subscription.unsubscribe();
  }, [actor, runtime.photos]);

  // A new report gets a new idempotency key.
  const previousStep = useRef<Step | null>(null);
  const step = useSelector(actor, stepOf);
  useEffect(() => {
    if (previousStep.current === 'bedankt' && step === 'beschrijf') {
      submitKey.current = newSubmitKey();
      runtime.progress.clear();
    }
    previousStep.current = step;
  }, [step, runtime.progress]);

  const value = useMemo(() => ({ actor, ...runtime }), [actor, runtime]);
  return (
    <WizardContext.Provider value={value}>
      <UrlSync actor={actor} />
      {children}
      {offer && (
        <Suspense fallback={null}>
          <DraftOffer savedAt={offer.savedAt} onResume={() => resume(offer)} onStartAnew={startAnew} onDismiss={notNow} />
        </Suspense>
      )}
    </WizardContext.Provider>
  );
}

/** Puts the focus in the wizard's first field (the description on step 1), once it is drawn; returns a stop. */
function focusFirstField(): () => void {
  const focus = () => {
    const field = document.querySelector<HTMLElement>('.ml-wizard textarea, .ml-wizard input:not([type=hidden])');
    field?.focus();
    return field !== null && document.activeElement === field;
  };
  if (focus()) return () => {};
  // the step may still be loading (a restored draft's widgets)
  const observer = new MutationObserver(() => {
    if (focus()) observer.disconnect();
  });
  observer.observe(document.body, { childList: true, subtree: true });
  return () => observer.disconnect();
}

/** Steps whose URL replaces the previous history entry instead of adding one. */
const REPLACING: ReadonlySet<Step> = new Set(['bedankt', 'fout']);

function UrlSync({ actor }: { actor: WizardActor }) {
  const step = useSelector(actor, stepOf);
  const location = useLocation();
  const navigationType = useNavigationType();
  const navigate = useNavigate();
  const mounted = useRef(false);
  const inWizard = location.pathname.startsWith('/incident/');

  // Machine → URL, before the paint: the address (and what reads it) never lags the step shown.
  useLayoutEffect(() => {
    const first = !mounted.current;
    mounted.current = true;
    if (!inWizard || stepFromPath(location.pathname) === step) return;
    navigate({ pathname: stepPath(step), search: location.search }, { replace: first || REPLACING.has(step) });
    // only the machine's step drives this effect
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [step]);

  // URL → machine, for the browser's back and forward buttons (and a typed URL): the machine
  // is asked whether it may go there (snapshot.can); where it may not, the URL returns to its step.
  useEffect(() => {
    if (!inWizard || navigationType !== 'POP') return;
    const wanted = stepFromPath(location.pathname);
    const snapshot = actor.getSnapshot();
    if (wanted === stepOf(snapshot)) return;
    const event: WizardEvent | undefined = stepOf(snapshot) === 'bedankt' ? { type: 'RESET' } : wanted && isEditableStep(wanted) ? { type: 'GOTO', step: wanted } : undefined;
    if (event && snapshot.can(event)) actor.send(event);
    const now = stepOf(actor.getSnapshot());
    if (now !== wanted) navigate({ pathname: stepPath(now), search: location.search }, { replace: true });
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [location.key]);

  return null;
}

export function useWizardRuntime(): WizardRuntime {
  const runtime = useContext(WizardContext);
  if (!runtime) throw new Error('useWizardRuntime needs a WizardProvider');
  return runtime;
}

/** Reads from the wizard's snapshot; re-renders only when the selected value changes. */
export function useWizardSelector<T>(selector: (snapshot: WizardSnapshot) => T, compare?: (a: T, b: T) => boolean): T {
  return useSelector(useWizardRuntime().actor, selector, compare);
}

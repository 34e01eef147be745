import { lazy, useEffect, useMemo, useRef } from 'react';
import { FormRenderer, MapServicesProvider, type IntroMapProps, type MapFieldServices, type RendererServices, type WidgetRegistry } from '@meldloket/renderer';
import { formValues, parseCategoryUrl, PRIORITY_OPTIONS, reportLocation, typeOptions, type FormStep, type Option } from '@meldloket/engine';
import { PageLoading } from '../../layout/index.ts';
import { placeholderValues, useConfig } from '../../config/index.ts';
import { useStepEvaluation, useWizardSelector, type WizardView } from '../state/index.ts';
import { classificationOf, useSubcategories } from '../categories.ts';
import { useSources } from '../sources.ts';
import { loadIntroMap, loadMapSelector } from '../mapSlot.ts';
import { TEXTS } from '../texts.ts';
import { PhotoInput } from './PhotoInput.tsx';

const Selector = lazy(loadMapSelector);
const IntroMap = lazy(loadIntroMap);

/**
 * The full-screen map's code is fetched while the resident reads step 2, once the small map's tiles are
 * on screen and the browser has nothing else to do: opening the map then needs no network, and fetching
 * it does not hold up the step's first picture.
 */
function prefetchSelector(): void {
  const idle = globalThis.requestIdleCallback ?? ((run: () => void) => setTimeout(run, 1));
  idle(() => void loadMapSelector().catch(() => undefined));
}

function StepIntroMap(props: IntroMapProps) {
  return <IntroMap {...props} onDrawn={prefetchSelector} />;
}

const WIDGETS: Partial<WidgetRegistry> = { file_input: PhotoInput };

const valuesOf = (options: readonly Option[]) => Object.fromEntries(options.map((o) => [o.id, o.label]));

/**
 * Draws one step from its questions with the one FormRenderer: step 1 and 3 from
 * the wizard's question sets, step 2 from the category's. The engine decides
 * what is shown, required and valid; this component only connects the widgets
 * to the draft and the app's services (classification, map, photos, sources).
 */
export function StepForm({
  step,
  wizard,
  openMap = false,
  onMapOpened,
  onOpenedMapClosed,
}: {
  step: FormStep;
  wizard: WizardView;
  /** Open the full-screen map of the first map question as soon as it is drawn (the summary's 'Wijzigen'). */
  openMap?: boolean;
  onMapOpened?: () => void;
  /** The map opened by `openMap` was closed (used or left): the summary takes the resident back. */
  onOpenedMapClosed?: () => void;
}) {
  const { draft, dispatch, send, isAuthenticated, attempts } = wizard;
  const config = useConfig();
  const evaluation = useStepEvaluation(step);
  const now = useWizardSelector((s) => s.context.now);
  const subcategories = useSubcategories(Boolean(draft.description || draft.subcategory));
  const sources = useSources(isAuthenticated && step === 'beschrijf');
  const form = useRef<HTMLDivElement>(null);
  const mapFromSummary = useRef(false);
  const onClosed = useRef(onOpenedMapClosed);
  onClosed.current = onOpenedMapClosed;
  const loading = step === 'vulaan' && draft.loadingData;
  const ready = !loading && evaluation !== null;

  useEffect(() => {
    if (!openMap || !ready) return;
    const opener = form.current?.querySelector<HTMLButtonElement>('.ml-map-field button[id$="-open"]');
    if (!opener) return;
    mapFromSummary.current = true;
    opener.click();
    onMapOpened?.();
  }, [openMap, ready, onMapOpened]);

  const valueLists = useMemo(
    () => ({ sources: valuesOf(sources), priorities: valuesOf(PRIORITY_OPTIONS), types: valuesOf(typeOptions(config.features.showMaintenanceAsProjects)) }),
    [sources, config.features.showMaintenanceAsProjects],
  );

  const location = step === 'vulaan' ? reportLocation(evaluation) : null;
  const selected = draft.subcategory ? `${draft.category}/${draft.subcategory}` : null;
  const prediction = draft.classificationPrediction ? parseCategoryUrl(draft.classificationPrediction.id) : null;
  const suggestion = prediction?.subcategory ? subcategories.find((s) => s.id === `${prediction.category}/${prediction.subcategory}`) : undefined;

  const mapServices = useMemo<MapFieldServices>(
    () => ({
      Selector,
      IntroMap: StepIntroMap,
      onMapActiveChange: (open) => {
        send({ type: 'MAP', open });
        if (open || !mapFromSummary.current) return;
        mapFromSummary.current = false;
        onClosed.current?.();
      },
    }),
    [send],
  );
  const services = useMemo<RendererServices>(
    () => ({
      now,
      incident: { ...draft.answers, description: draft.description, classification: draft.classification, location: location ?? undefined },
      placeholders: placeholderValues(config),
      handlingMessage: draft.handling_message,
      classification: {
        subcategories,
        selected,
        suggestion: suggestion ?? null,
        onSelect: (id) => {
          const entry = subcategories.find((s) => s.id === id);
          if (entry) send({ type: 'SET_CLASSIFICATION', result: classificationOf(entry) });
        },
        onClassify: (text) => send({ type: 'CLASSIFY', text }),
      },
    }),
    [now, draft.answers, draft.description, draft.classification, location, draft.handling_message, config, send, subcategories, selected, suggestion],
  );
  const answers = useMemo(() => formValues(draft), [draft]);

  if (!ready) return loading ? <PageLoading label={TEXTS.loadingQuestions} /> : null;
  return (
    <MapServicesProvider value={mapServices}>
      <div ref={form} style={{ display: 'contents' }}>
        <FormRenderer
          evaluation={evaluation}
          answers={answers}
          submitCount={attempts}
          services={services}
          widgets={WIDGETS}
          valueLists={valueLists}
          onChange={(key, value) => dispatch({ type: 'answer', key, value })}
          onBlur={(key) => send({ type: 'LEAVE', key })}
        />
      </div>
    </MapServicesProvider>
  );
}

import { lazy, useEffect, useMemo, useRef } from 'react';
import { FormRenderer, MapServicesProvider, type MapFieldServices, type RendererServices } from '@meldloket/renderer';
import { formValues } from '@meldloket/engine';
import { placeholderValues, useConfig } from '../../config/index.ts';
import { PageLoading } from '../../layout/index.ts';
import { useStep2Evaluation, useWizardSelector, type WizardView } from '../state/index.ts';
import { loadIntroMap, loadMapSelector } from '../mapSlot.ts';
import { TEXTS } from '../texts.ts';
import { answerActions } from './answerActions.ts';

const Selector = lazy(loadMapSelector);
const IntroMap = lazy(loadIntroMap);

/** Step 2 'Locatie en vragen': the location and the chosen category's questions. */
export function VulaanStep({
  wizard,
  submitCount,
  openMap = false,
  onMapOpened,
}: {
  wizard: WizardView;
  submitCount: number;
  /** Open the full-screen map of the first map question as soon as it is drawn (the summary's 'Wijzigen'). */
  openMap?: boolean;
  onMapOpened?: () => void;
}) {
  const { draft, dispatch } = wizard;
  const evaluation = useStep2Evaluation();
  const now = useWizardSelector((s) => s.context.now);
  const { contact } = useConfig();
  const form = useRef<HTMLDivElement>(null);
  const ready = !draft.loadingData && evaluation !== null;

  useEffect(() => {
    if (!openMap || !ready) return;
    const opener = form.current?.querySelector<HTMLButtonElement>('.ml-map-field button[id$="-open"]');
    if (!opener) return;
    opener.click();
    onMapOpened?.();
  }, [openMap, ready, onMapOpened]);

  const mapServices = useMemo<MapFieldServices>(
    () => ({
      Selector,
      IntroMap,
      onMapActiveChange: (active) => dispatch({ type: active ? 'showMap' : 'closeMap' }),
    }),
    [dispatch],
  );
  const services = useMemo<RendererServices>(
    () => ({
      now,
      incident: { ...draft.answers, description: draft.description, classification: draft.classification, location: draft.location },
      placeholders: placeholderValues({ contact }),
      handlingMessage: draft.handling_message,
      onResetExtraState: () => dispatch({ type: 'resetExtraState' }),
    }),
    [now, draft.answers, draft.description, draft.classification, draft.location, draft.handling_message, contact, dispatch],
  );

  if (draft.loadingData || !evaluation) {
    return draft.loadingData ? <PageLoading label={TEXTS.loadingQuestions} /> : null;
  }
  const answers = formValues(draft);
  return (
    <MapServicesProvider value={mapServices}>
      <div ref={form} style={{ display: 'contents' }}>
        <FormRenderer
          evaluation={evaluation}
          answers={answers}
          submitCount={submitCount}
          services={services}
          onChange={(key, value) => {
            const question = evaluation.visible.find((q) => q.key === key);
            if (!question) return;
            for (const action of answerActions(question, value)) dispatch(action);
          }}
        />
      </div>
    </MapServicesProvider>
  );
}

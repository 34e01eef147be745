import { lazy, Suspense, useState } from 'react';
import { coordinatesOf, isFormStep, reportLocation, type EditableStep } from '@meldloket/engine';
import { withQueries } from '../api/with-queries.ts';
import { useConfig } from '../config/index.ts';
import { usePageTitle } from '../layout/index.ts';
import { usePageView } from '../analytics/index.ts';
import { PageHeading } from '../static/Heading.tsx';
import { useStepEvaluation, useWizard } from './state/index.ts';
import { Navigation } from './Navigation.tsx';
import { STEP_TITLES, TEXTS } from './texts.ts';
import { OpslaanStep } from './steps/OpslaanStep.tsx';
import { BedanktStep } from './steps/BedanktStep.tsx';
import { FoutStep } from './steps/FoutStep.tsx';
import { PageLoading } from '../layout/index.ts';
import { useWizardSelector } from './state/index.ts';
import './wizard.css';

// The steps drawn from questions come with this screen: step 1 is the first page, and a lazy
// form would paint the navigation and footer first and then push them down (layout shift).
// The summary is a separate chunk.
import { StepForm } from './steps/StepForm.tsx';
// 'Is dit hetzelfde probleem?' on step 2 (docs/duplicates.md): its own chunk, loaded once a location
// is chosen, with the query client it reads through (src/api/with-queries.ts).
const FollowNearby = lazy(withQueries(() => import('./follow/FollowNearby.tsx')));
const SummaryStep = lazy(() => import('./summary/SummaryStep.tsx').then((m) => ({ default: m.SummaryStep })));

/** The wizard screen of the machine's current step (the URL follows the machine). */
export function WizardStepPage() {
  const wizard = useWizard();
  const { features } = useConfig();
  const { step, attempts, send } = wizard;
  const uploadErrors = useWizardSelector((s) => s.context.uploadErrors);
  const mapOpen = useWizardSelector((s) => s.context.mapOpen);
  const evaluation = useStepEvaluation(isFormStep(step) ? step : 'beschrijf');
  // The summary's 'Wijzigen' under the location goes back to step 2 with the map open; once the map
  // closes, the resident is back on the summary, with the focus on that 'Wijzigen'.
  const [openMapOnArrival, setOpenMapOnArrival] = useState(false);
  const [focusLocationEdit, setFocusLocationEdit] = useState(false);

  // the open reports nearby to follow: for a resident (not a staff member reporting for someone), once the map is closed
  const point = step === 'vulaan' && !mapOpen && !wizard.isAuthenticated ? coordinatesOf(reportLocation(evaluation)) : null;
  const subcategory = wizard.draft.subcategory;

  const hasErrors = isFormStep(step) && attempts > 0 && evaluation?.canAdvance === false;
  const title = STEP_TITLES[step];
  usePageTitle(hasErrors ? `${TEXTS.errorTitlePrefix}${title}` : title);
  usePageView(`/incident/${step}`, title, step !== 'opslaan');

  // The machine decides where 'Volgende' leads (also back to the summary after an edit from it).
  const next = () => send({ type: 'NEXT' });
  const previous = () => send({ type: 'PREVIOUS' });
  const edit = (target: EditableStep, openMap = false) => {
    setOpenMapOnArrival(openMap && target === 'vulaan');
    setFocusLocationEdit(false);
    send({ type: 'GOTO', step: target });
  };
  const backFromMap = () => {
    setFocusLocationEdit(true);
    // 'Volgende' from an edit of the summary returns there when every step is valid (else it says what is missing)
    send({ type: 'NEXT' });
  };

  const nav = (nextLabel: string, withPrevious: boolean) => (
    <Navigation nextLabel={nextLabel} previousLabel={withPrevious ? TEXTS.previous : undefined} onNext={next} onPrevious={withPrevious ? previous : undefined} hidden={mapOpen} />
  );

  return (
    <article className="ml-wizard" key={step}>
      <PageHeading>{title}</PageHeading>
      {isFormStep(step) && (
        <>
          <Suspense fallback={<PageLoading label={step === 'vulaan' ? TEXTS.loadingQuestions : undefined} />}>
            <StepForm step={step} wizard={wizard} openMap={step === 'vulaan' && openMapOnArrival} onMapOpened={() => setOpenMapOnArrival(false)} onOpenedMapClosed={backFromMap} />
          </Suspense>
          {point && subcategory && (
            <Suspense fallback={null}>
              <FollowNearby category={wizard.draft.category} subcategory={subcategory} lat={point.lat} lng={point.lng} />
            </Suspense>
          )}
          {(step !== 'vulaan' || features.showVulaanControls || features.appMode) && nav(TEXTS.next, step !== 'beschrijf')}
        </>
      )}
      {step === 'summary' && (
        <>
          <Suspense fallback={<PageLoading />}>
            <SummaryStep wizard={wizard} onEdit={edit} focusLocationEdit={focusLocationEdit} />
          </Suspense>
          {nav(TEXTS.send, true)}
        </>
      )}
      {step === 'opslaan' && <OpslaanStep wizard={wizard} />}
      {step === 'bedankt' && <BedanktStep wizard={wizard} uploadFailures={uploadErrors} />}
      {step === 'fout' && <FoutStep wizard={wizard} />}
    </article>
  );
}

export default WizardStepPage;

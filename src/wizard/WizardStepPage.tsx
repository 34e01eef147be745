import { lazy, Suspense, useEffect, useRef, useState } from 'react';
import { evaluateStep2, type EditableStep, type Step } from '@meldloket/engine';
import { ErrorSummary } from '@meldloket/renderer';
import { useConfig } from '../config/index.ts';
import { usePageTitle } from '../layout/index.ts';
import { usePageView } from '../analytics/index.ts';
import { PageHeading } from '../static/Heading.tsx';
import { stepOf, useWizard, useWizardRuntime, useWizardSelector } from './state/index.ts';
import { Navigation } from './Navigation.tsx';
import { STEP_TITLES, TEXTS } from './texts.ts';
import { summaryErrors } from './steps/fieldErrors.ts';
import { BeschrijfStep } from './steps/BeschrijfStep.tsx';
import { ContactStep } from './steps/ContactStep.tsx';
import { OpslaanStep } from './steps/OpslaanStep.tsx';
import { BedanktStep } from './steps/BedanktStep.tsx';
import { FoutStep } from './steps/FoutStep.tsx';
import { messages } from '@meldloket/engine';
import { PageLoading } from '../layout/index.ts';
import './wizard.css';

// Step 2 and the summary draw the category's questions (the whole widget registry, markdown):
// separate chunks, so the first page loads only step 1.
const VulaanStep = lazy(() => import('./steps/VulaanStep.tsx').then((m) => ({ default: m.VulaanStep })));
const SummaryStep = lazy(() => import('./summary/SummaryStep.tsx').then((m) => ({ default: m.SummaryStep })));

const FIELD_ORDER: Partial<Record<Step, string[]>> = {
  beschrijf: ['source', 'description', 'subcategory', 'priority', 'type', 'images'],
  contact: ['phone', 'email'],
};

/** The wizard screen of the machine's current step (the URL follows the machine). */
export function WizardStepPage() {
  const wizard = useWizard();
  const { actor } = useWizardRuntime();
  const { features } = useConfig();
  const { step, draft, showErrors, stepErrors, send } = wizard;
  const uploadErrors = useWizardSelector((s) => s.context.uploadErrors);
  const step2Blocked = useWizardSelector((s) => (stepOf(s) === 'vulaan' ? (evaluateStep2(s.context)?.canAdvance ?? true) === false : false));
  const [attempts, setAttempts] = useState(0);
  const returnToSummary = useRef(false);
  // The summary's 'Wijzigen' under the location goes back to step 2 with the map open.
  const [openMapOnArrival, setOpenMapOnArrival] = useState(false);

  useEffect(() => setAttempts(0), [step]);

  const hasErrors = showErrors && (Object.keys(stepErrors).length > 0 || step2Blocked);
  const title = STEP_TITLES[step];
  usePageTitle(hasErrors ? `${TEXTS.errorTitlePrefix}${title}` : title);
  usePageView(`/incident/${step}`, title, step !== 'opslaan');

  const next = () => {
    if (returnToSummary.current && step !== 'summary') {
      send({ type: 'GOTO', step: 'summary' });
      if (stepOf(actor.getSnapshot()) === 'summary') {
        returnToSummary.current = false;
        return;
      }
    }
    send({ type: 'NEXT' });
    if (stepOf(actor.getSnapshot()) === step) setAttempts((n) => n + 1);
  };
  const previous = () => send({ type: 'PREVIOUS' });
  const edit = (target: EditableStep, openMap = false) => {
    returnToSummary.current = true;
    setOpenMapOnArrival(openMap && target === 'vulaan');
    send({ type: 'GOTO', step: target });
  };

  const order = FIELD_ORDER[step];
  const nav = (nextLabel: string, withPrevious: boolean) => (
    <Navigation nextLabel={nextLabel} previousLabel={withPrevious ? TEXTS.previous : undefined} onNext={next} onPrevious={withPrevious ? previous : undefined} hidden={draft.mapActive} />
  );

  return (
    <article className="ml-wizard" key={step}>
      <PageHeading>{title}</PageHeading>
      {order && hasErrors && (
        <ErrorSummary title={messages.globalInvalid} errors={summaryErrors(stepErrors, order)} focusKey={attempts} />
      )}
      {step === 'beschrijf' && (
        <>
          <BeschrijfStep wizard={wizard} />
          {nav(TEXTS.next, false)}
        </>
      )}
      {step === 'vulaan' && (
        <>
          <Suspense fallback={<PageLoading label={TEXTS.loadingQuestions} />}>
            <VulaanStep wizard={wizard} submitCount={attempts} openMap={openMapOnArrival} onMapOpened={() => setOpenMapOnArrival(false)} />
          </Suspense>
          {(features.showVulaanControls || features.appMode) && nav(TEXTS.next, true)}
        </>
      )}
      {step === 'contact' && (
        <>
          <ContactStep wizard={wizard} />
          {nav(TEXTS.next, true)}
        </>
      )}
      {step === 'summary' && (
        <>
          <Suspense fallback={<PageLoading />}>
            <SummaryStep wizard={wizard} onEdit={edit} />
          </Suspense>
          {nav(TEXTS.send, true)}
        </>
      )}
      {step === 'opslaan' && <OpslaanStep wizard={wizard} />}
      {step === 'bedankt' && <BedanktStep wizard={wizard} uploadFailures={uploadErrors.map((e) => e.name)} />}
      {step === 'fout' && <FoutStep wizard={wizard} />}
    </article>
  );
}

export default WizardStepPage;

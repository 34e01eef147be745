import { Outlet } from 'react-router';
import { buildPayload, createForm, type Form, type SubmitInput } from '@meldloket/engine';
import { WizardProvider } from './state/index.ts';

const payloadOf = (input: SubmitInput, form: Form | null) =>
  buildPayload(input.draft, { now: input.now, isAuthenticated: input.isAuthenticated, form: form ?? undefined });

/** The layout route around the wizard's routes: one machine for all steps. */
export function WizardRoot() {
  return (
    <WizardProvider createForm={(questions, context) => createForm(questions, context)} buildPayload={payloadOf}>
      <Outlet />
    </WizardProvider>
  );
}

export default WizardRoot;

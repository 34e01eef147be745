import { Outlet } from 'react-router';
import { WizardProvider } from './state/index.ts';

/** The layout route around the wizard's routes: one machine for all steps. */
export function WizardRoot() {
  return (
    <WizardProvider>
      <Outlet />
    </WizardProvider>
  );
}

export default WizardRoot;

import { useState } from 'react';
import { PageHeading } from '../static/Heading.tsx';
import { usePageTitle } from '../layout/index.ts';
import { useAuth } from './auth.tsx';

/**
 * The sign-in page of the back office: shown on every /manage and /instellingen
 * path while nobody is signed in; after signing in the user returns to `returnTo`.
 */
export function LoginPage({ returnTo }: { returnTo: string }) {
  usePageTitle('Inloggen');
  const { login } = useAuth();
  const [busy, setBusy] = useState(false);
  const start = async () => {
    setBusy(true);
    try {
      await login?.(returnTo);
    } finally {
      setBusy(false);
    }
  };
  return (
    <article className="ml-login">
      <PageHeading>Inloggen</PageHeading>
      <p className="utrecht-paragraph ml-backoffice__lead">Dit deel van Meldloket is voor medewerkers van de gemeente.</p>
      <p className="utrecht-paragraph">Log in met uw account van de gemeente om meldingen te bekijken en te behandelen.</p>
      <button type="button" className="utrecht-button utrecht-button--primary-action" onClick={start} disabled={busy} aria-busy={busy}>
        Inloggen
      </button>
    </article>
  );
}

export default LoginPage;

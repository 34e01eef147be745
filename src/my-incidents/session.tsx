/** Following the link from the mail, and the pages that need a working link. */
import { useEffect } from 'react';
import { Navigate, useNavigate, useParams } from 'react-router';
import { useApi } from '../api/index.ts';
import { useLinkOutcome } from '../api/link-outcome.ts';
import { PageLoading } from '../layout/index.ts';
import { isUnauthorised, myApi, readSession, saveSession, type MySession } from './api.ts';
import { MY_TEXTS } from './texts.ts';

/** /mijn-meldingen/{key}: checks the key, keeps it for this tab and opens the overview (or 'Link verlopen'). */
export function FollowLinkPage() {
  const { token = '' } = useParams();
  const api = useApi();
  const navigate = useNavigate();
  // the link's key checked once; its e-mail address, or null for a key that does not work
  const email = useLinkOutcome(['my-incidents', token], () => myApi(api).me(token).then(({ email }) => email, () => null));
  useEffect(() => {
    if (email === undefined) return;
    saveSession(email === null ? null : { token, email });
    navigate(email === null ? '/mijn-meldingen/verlopen' : '/mijn-meldingen/overzicht', { replace: true });
  }, [email, navigate, token]);
  return <PageLoading label={MY_TEXTS.checking} />;
}

/** Renders `children` with the session of this tab; without one, back to the request form. */
export function WithSession({ children }: { children: (session: MySession, expired: (error: unknown) => boolean) => React.ReactNode }) {
  const navigate = useNavigate();
  const session = readSession();
  if (!session) return <Navigate to="/mijn-meldingen" replace />;
  /** A 401 means the link ran out while the page was open: forget it and say so. True when handled. */
  const expired = (error: unknown) => {
    if (!isUnauthorised(error)) return false;
    saveSession(null);
    navigate('/mijn-meldingen/verlopen', { replace: true });
    return true;
  };
  return <>{children(session, expired)}</>;
}

/** /login/callback: the provider sends the browser back here; finish the sign-in and go on. */
import { useEffect } from 'react';
import { useNavigate } from 'react-router';
import { PageLoading } from '../layout/index.ts';
import { useAuth } from './auth.tsx';

// one exchange per callback URL: a code can be used once (and StrictMode runs effects twice)
const exchanges = new Map<string, Promise<string>>();

export function CallbackPage() {
  const { completeLogin } = useAuth();
  const navigate = useNavigate();
  useEffect(() => {
    if (!completeLogin) return;
    let live = true;
    const href = window.location.href;
    let exchange = exchanges.get(href);
    if (!exchange) {
      exchange = completeLogin(new URL(href));
      exchanges.set(href, exchange);
    }
    void exchange.then((next) => {
      if (live) navigate(next, { replace: true });
    });
    return () => {
      live = false;
    };
  }, [completeLogin, navigate]);
  return <PageLoading label="Bezig met inloggen…" />;
}

export default CallbackPage;

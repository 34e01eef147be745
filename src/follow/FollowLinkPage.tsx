/**
 * The links in a follower's mails (docs/duplicates.md), no sign-in:
 * - /volgen/bevestig/{token}: confirms the address; the resident follows the report from now on;
 * - /volgen/stoppen/{token}: stops following, in one click (the link itself).
 */
import { API_PATHS } from '@meldloket/engine';
import { useEffect, useState } from 'react';
import { useParams } from 'react-router';
import { useApi } from '../api/index.ts';
import { PageLoading } from '../layout/index.ts';
import { InvalidLink, LinkMessage } from '../static/LinkOutcome.tsx';
import { FOLLOW_TEXTS as T } from './texts.ts';

type Outcome = { kind: 'verified'; id: string; state: string } | { kind: 'already'; id: string } | { kind: 'stopped'; id: string } | { kind: 'invalid' };

/** Each link is used once per page load (StrictMode mounts effects twice). */
const pending = new Map<string, Promise<Outcome>>();

export function FollowLinkPage() {
  const { action = '', token = '' } = useParams();
  const api = useApi();
  const [outcome, setOutcome] = useState<Outcome | null>(null);
  const stop = action === 'stoppen';

  useEffect(() => {
    let current = true;
    const key = `${action}/${token}`;
    let request = pending.get(key);
    if (!request) {
      request =
        !token || (action !== 'bevestig' && action !== 'stoppen')
          ? Promise.resolve<Outcome>({ kind: 'invalid' })
          : stop
            ? api.post<{ id_display: string }>(API_PATHS.followersUnsubscribe, { token }).then((r): Outcome => ({ kind: 'stopped', id: r.id_display }), (): Outcome => ({ kind: 'invalid' }))
            : api
                .post<{ id_display: string; state_display: string; already_verified: boolean }>(API_PATHS.followersVerify, { token })
                .then(
                  (r): Outcome => (r.already_verified ? { kind: 'already', id: r.id_display } : { kind: 'verified', id: r.id_display, state: r.state_display }),
                  (): Outcome => ({ kind: 'invalid' }),
                );
      pending.set(key, request);
      request.finally(() => setTimeout(() => pending.delete(key), 0));
    }
    request.then((o) => current && setOutcome(o));
    return () => {
      current = false;
    };
  }, [api, action, token, stop]);

  if (!outcome) return <PageLoading label={stop ? T.stopping : T.verifying} />;
  if (outcome.kind === 'verified') return <LinkMessage title={T.verified.title(outcome.id)} message={T.verified.message(outcome.state)} />;
  if (outcome.kind === 'already') return <LinkMessage title={T.already.title(outcome.id)} message={T.already.message(outcome.id)} />;
  if (outcome.kind === 'stopped') return <LinkMessage title={T.stopped.title(outcome.id)} message={T.stopped.message(outcome.id)} />;
  return <InvalidLink texts={T.invalid} />;
}

export default FollowLinkPage;

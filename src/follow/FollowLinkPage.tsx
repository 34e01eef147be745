/**
 * The links in a follower's mails (docs/duplicates.md), no sign-in:
 * - /volgen/bevestig/{token}: confirms the address; the resident follows the report from now on;
 * - /volgen/stoppen/{token}: stops following, in one click (the link itself).
 */
import { API_PATHS } from '@meldloket/engine';
import { useParams } from 'react-router';
import { useApi } from '../api/index.ts';
import { useLinkOutcome } from '../api/link-outcome.ts';
import { PageLoading } from '../layout/index.ts';
import { InvalidLink, LinkMessage } from '../static/LinkOutcome.tsx';
import { FOLLOW_TEXTS as T } from './texts.ts';

type Outcome = { kind: 'verified'; id: string; state: string } | { kind: 'already'; id: string } | { kind: 'stopped'; id: string } | { kind: 'invalid' };

export function FollowLinkPage() {
  const { action = '', token = '' } = useParams();
  const api = useApi();
  const stop = action === 'stoppen';
  const outcome = useLinkOutcome<Outcome>(['follow', action, token], async () => {
    if (!token || (action !== 'bevestig' && action !== 'stoppen')) return { kind: 'invalid' };
    try {
      if (stop) return { kind: 'stopped', id: (await api.post<{ id_display: string }>(API_PATHS.followersUnsubscribe, { token })).id_display };
      const r = await api.post<{ id_display: string; state_display: string; already_verified: boolean }>(API_PATHS.followersVerify, { token });
      return r.already_verified ? { kind: 'already', id: r.id_display } : { kind: 'verified', id: r.id_display, state: r.state_display };
    } catch {
      return { kind: 'invalid' };
    }
  });

  if (!outcome) return <PageLoading label={stop ? T.stopping : T.verifying} />;
  if (outcome.kind === 'verified') return <LinkMessage title={T.verified.title(outcome.id)} message={T.verified.message(outcome.state)} />;
  if (outcome.kind === 'already') return <LinkMessage title={T.already.title(outcome.id)} message={T.already.message(outcome.id)} />;
  if (outcome.kind === 'stopped') return <LinkMessage title={T.stopped.title(outcome.id)} message={T.stopped.message(outcome.id)} />;
  return <InvalidLink texts={T.invalid} />;
}

export default FollowLinkPage;

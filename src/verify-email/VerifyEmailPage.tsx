/**
 * /verify_email/{token}: confirms a changed e-mail address for a report (docs/reference/api.md#verify-email).
 * Success; 'E-mailadres al bevestigd' when the link is opened again after it worked;
 * otherwise 'Link ongeldig' with the phone number and hours to get a new link.
 */
import { useParams } from 'react-router';
import { API_PATHS, ApiError } from '@meldloket/engine';
import { useApi } from '../api/index.ts';
import { useLinkOutcome } from '../api/link-outcome.ts';
import { PageLoading } from '../layout/index.ts';
import { InvalidLink, LinkMessage } from '../static/LinkOutcome.tsx';
import { VERIFY_TEXTS } from './texts.ts';

type Status = 'loading' | 'verified' | 'already' | 'invalid';
type Outcome = Exclude<Status, 'loading'>;

/** The server's word for a token that was used before (docs/reference/api.md#verify-email). */
const ALREADY_VERIFIED = 'Token already verified!';

/** What a refused verification means: confirmed before, or a link that cannot be used. */
export function verifyOutcome(error: unknown): Outcome {
  const body = error instanceof ApiError ? (error.body as { token?: unknown } | undefined) : undefined;
  return Array.isArray(body?.token) && body.token.includes(ALREADY_VERIFIED) ? 'already' : 'invalid';
}

export function VerifyEmailPage() {
  const { token = '' } = useParams();
  const api = useApi();
  const status: Status =
    useLinkOutcome<Outcome>(['verify-email', token], () => (token ? api.post(API_PATHS.verifyEmail, { token }).then((): Outcome => 'verified', verifyOutcome) : Promise.resolve('invalid'))) ??
    'loading';

  if (status === 'loading') return <PageLoading label={VERIFY_TEXTS.loading} />;
  if (status === 'verified') return <LinkMessage {...VERIFY_TEXTS.success} />;
  if (status === 'already') return <LinkMessage {...VERIFY_TEXTS.already} />;
  return <InvalidLink texts={VERIFY_TEXTS.failure} />;
}

export default VerifyEmailPage;

/**
 * /verify_email/{token}: confirms a changed e-mail address for a report (contract §8).
 * Success; 'E-mailadres al bevestigd' when the link is opened again after it worked;
 * otherwise 'Link ongeldig' with the phone number and hours to get a new link.
 */
import { useEffect, useState } from 'react';
import { Link, useParams } from 'react-router';
import { ApiError } from '@meldloket/engine';
import { useApi } from '../api/index.ts';
import { useConfig } from '../config/index.ts';
import { PageLoading, usePageTitle } from '../layout/index.ts';
import { PageHeading } from '../static/Heading.tsx';
import { VERIFY_TEXTS } from './texts.ts';
import '@utrecht/button-link-css/dist/index.css';

type Status = 'loading' | 'verified' | 'already' | 'invalid';
type Outcome = Exclude<Status, 'loading'>;

/** The server's word for a token that was used before (contract §8). */
const ALREADY_VERIFIED = 'Token already verified!';

/** What a refused verification means: confirmed before, or a link that cannot be used. */
export function verifyOutcome(error: unknown): Outcome {
  const body = error instanceof ApiError ? (error.body as { token?: unknown } | undefined) : undefined;
  return Array.isArray(body?.token) && body.token.includes(ALREADY_VERIFIED) ? 'already' : 'invalid';
}

/** Verify each token once per page load (StrictMode mounts effects twice). */
const pending = new Map<string, Promise<Outcome>>();

export function VerifyEmailPage() {
  const { token = '' } = useParams();
  const api = useApi();
  const [status, setStatus] = useState<Status>('loading');

  useEffect(() => {
    let current = true;
    let request = pending.get(token);
    if (!request) {
      request = token
        ? api.post('/signals/v1/public/reporter/verify-email', { token }).then(
            (): Outcome => 'verified',
            verifyOutcome,
          )
        : Promise.resolve<Outcome>('invalid');
      pending.set(token, request);
      request.finally(() => setTimeout(() => pending.delete(token), 0));
    }
    request.then((outcome) => current && setStatus(outcome));
    return () => {
      current = false;
    };
  }, [api, token]);

  if (status === 'loading') return <PageLoading label={VERIFY_TEXTS.loading} />;
  if (status === 'verified') return <Message {...VERIFY_TEXTS.success} />;
  if (status === 'already') return <Message {...VERIFY_TEXTS.already} />;
  return <Invalid />;
}

function Message({ title, message }: { title: string; message: string }) {
  usePageTitle(title);
  return (
    <article>
      <PageHeading>{title}</PageHeading>
      <p className="utrecht-paragraph">{message}</p>
    </article>
  );
}

function Invalid() {
  const { contact } = useConfig();
  usePageTitle(VERIFY_TEXTS.failure.title);
  return (
    <article>
      <PageHeading>{VERIFY_TEXTS.failure.title}</PageHeading>
      <p className="utrecht-paragraph">{VERIFY_TEXTS.failure.message}</p>
      <p className="utrecht-paragraph">{VERIFY_TEXTS.failure.call(contact.phone, contact.hours)}</p>
      <p className="utrecht-paragraph">
        <Link className="utrecht-button-link utrecht-button-link--html-a utrecht-button-link--primary-action" to="/incident/beschrijf">
          {VERIFY_TEXTS.failure.report}
        </Link>
      </p>
    </article>
  );
}

export default VerifyEmailPage;

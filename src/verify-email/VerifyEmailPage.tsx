/**
 * /verify_email/{token}: confirms a changed e-mail address for a report (contract §8).
 * Success or 'Link ongeldig' with the phone number and hours to get a new link.
 */
import { useEffect, useState } from 'react';
import { Link, useParams } from 'react-router';
import { useApi } from '../api/index.ts';
import { useConfig } from '../config/index.ts';
import { PageLoading, usePageTitle } from '../layout/index.ts';
import { PageHeading } from '../static/Heading.tsx';
import { VERIFY_TEXTS } from './texts.ts';
import '@utrecht/button-link-css/dist/index.css';

type Status = 'loading' | 'verified' | 'invalid';

/** Verify each token once per page load (StrictMode mounts effects twice). */
const pending = new Map<string, Promise<boolean>>();

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
            () => true,
            () => false,
          )
        : Promise.resolve(false);
      pending.set(token, request);
      request.finally(() => setTimeout(() => pending.delete(token), 0));
    }
    request.then((ok) => current && setStatus(ok ? 'verified' : 'invalid'));
    return () => {
      current = false;
    };
  }, [api, token]);

  if (status === 'loading') return <PageLoading label={VERIFY_TEXTS.loading} />;
  return status === 'verified' ? <Verified /> : <Invalid />;
}

function Verified() {
  usePageTitle(VERIFY_TEXTS.success.title);
  return (
    <article>
      <PageHeading>{VERIFY_TEXTS.success.title}</PageHeading>
      <p className="utrecht-paragraph">{VERIFY_TEXTS.success.message}</p>
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

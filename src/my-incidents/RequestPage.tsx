/** /mijn-meldingen: ask for a link to one's reports by e-mail. */
import { useRef, useState, type FormEvent } from 'react';
import { useNavigate } from 'react-router';
import { TextInput } from '@meldloket/renderer';
import { hasEmailShape, type Question } from '@meldloket/engine';
import { useApi } from '../api/index.ts';
import { useWrite } from '../api/write.ts';
import { usePageTitle } from '../layout/index.ts';
import { PageHeading } from '../static/Heading.tsx';
import { myApi } from './api.ts';
import { MY_TEXTS } from './texts.ts';

const emailQuestion: Question = { key: 'email', field_type: 'text_input', meta: { label: MY_TEXTS.emailLabel, autocomplete: 'email', maxLength: 254 } };

export function RequestPage() {
  usePageTitle(MY_TEXTS.title);
  const api = useApi();
  const navigate = useNavigate();
  const field = useRef<HTMLElement>(null);
  const [email, setEmail] = useState('');
  const [error, setError] = useState<string>();
  const request = useWrite({ write: (address: string) => myApi(api).requestLink(address) });
  const sending = request.busy;
  const [failed, setFailed] = useState(false);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const address = email.trim();
    const problem = address === '' ? MY_TEXTS.emailRequired : hasEmailShape(address) ? undefined : MY_TEXTS.emailInvalid;
    setError(problem);
    setFailed(false);
    if (problem) {
      field.current?.focus();
      return;
    }
    const outcome = await request.run(address);
    if (!outcome) return;
    if (outcome.ok) return navigate('/mijn-meldingen/bevestig', { state: { email: address } });
    const body = (outcome.error as { status?: number; body?: { email?: string[] } }).body;
    if (body?.email?.length) setError(MY_TEXTS.emailInvalid);
    else setFailed(true);
  };

  return (
    <article className="ml-my">
      <PageHeading>{MY_TEXTS.title}</PageHeading>
      <p id="my-request-intro" className="utrecht-paragraph">
        {MY_TEXTS.requestIntro}
      </p>
      <form noValidate onSubmit={submit} className="ml-my__form" aria-busy={sending || undefined}>
        {/* The intro says what the address is for: it describes the field too. */}
        <TextInput id="my-email" ref={field} describedBy="my-request-intro" question={emailQuestion} required value={email} error={error} onChange={(value) => setEmail(value ?? '')} />
        {failed && (
          <p role="alert" className="utrecht-form-field-error-message ml-error-message">
            {MY_TEXTS.sendFailed}
          </p>
        )}
        <button type="submit" className="utrecht-button utrecht-button--primary-action" disabled={sending}>
          {sending ? MY_TEXTS.sending : MY_TEXTS.send}
        </button>
      </form>
    </article>
  );
}

/**
 * 'Status wijzigen': the statuses the handler may pick from the current one, the
 * default texts of that status and subcategory to pick and edit, what the reporter
 * receives, and every rule message inline under its field.
 */
import { useEffect, useId, useState } from 'react';
import { useApi } from '../../api/index.ts';
import { useConfig } from '../../config/index.ts';
import { defaultTextsVersion, textsStore, type Subcategory, type TextItem } from '../default-texts/store.ts';
import { incidentApi, type IncidentDetail } from './api.ts';
import { useSubmit } from './useSubmit.ts';
import { isForward, isQuestion, mailRule, reporterHasEmail, stateName, statusPatch, statusTargets, statusTextMax, validateStatus, type StatusDraft } from './status.ts';
import { INCIDENT_TEXTS } from './texts.ts';
import { ErrorText, FormButtons, FormErrors, PanelForm } from './FormBits.tsx';

const T = INCIDENT_TEXTS.status;

export interface StatusFormProps {
  detail: IncidentDetail;
  /** The report's subcategory, for its default texts; null when unknown. */
  subcategory: Subcategory | null;
  onUpdated: (detail: IncidentDetail, message: string) => void;
  onCancel: () => void;
}

type Texts = { kind: 'idle' } | { kind: 'loading' } | { kind: 'failed' } | { kind: 'ready'; list: TextItem[] };

function DefaultTexts({ state, subcategory, onPick }: { state: string; subcategory: Subcategory | null; onPick: (text: string) => void }) {
  const api = useApi();
  const { features } = useConfig();
  const version = defaultTextsVersion(features);
  const [texts, setTexts] = useState<Texts>({ kind: 'idle' });
  const headingId = useId();
  const subId = subcategory?.id;
  const subUrl = subcategory?.url;
  useEffect(() => {
    if (subId === undefined || subUrl === undefined) return;
    const controller = new AbortController();
    setTexts({ kind: 'loading' });
    textsStore(api, version)
      .load({ id: subId, url: subUrl }, state, controller.signal)
      .then(
        (list) => setTexts({ kind: 'ready', list }),
        () => !controller.signal.aborted && setTexts({ kind: 'failed' }),
      );
    return () => controller.abort();
  }, [api, version, state, subId, subUrl]);

  return (
    <section aria-labelledby={headingId} className="ml-incident__default-texts">
      <h4 id={headingId} className="utrecht-heading-4">
        {T.defaultTexts}
      </h4>
      {texts.kind === 'failed' && <p className="utrecht-paragraph ml-incident__error">{T.defaultTextsFailed}</p>}
      {(texts.kind === 'idle' || (texts.kind === 'ready' && texts.list.length === 0)) && <p className="utrecht-paragraph">{T.noDefaultTexts}</p>}
      {texts.kind === 'ready' && texts.list.length > 0 && (
        <ul className="ml-incident__text-list">
          {texts.list.map((message) => (
            <li key={message.key}>
              <strong>{message.title}</strong>
              <p className="utrecht-paragraph">{message.text}</p>
              <button type="button" className="utrecht-button utrecht-button--subtle" onClick={() => onPick(message.text)}>
                {T.useDefault(message.title)}
              </button>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

export function StatusForm({ detail, subcategory, onUpdated, onCancel }: StatusFormProps) {
  const api = useApi();
  const id = useId();
  const { features } = useConfig();
  const targets = statusTargets(detail.status.state, { external: features.enableForwardIncidentToExternal });
  const [draft, setDraft] = useState<StatusDraft>({ state: '', text: '' });
  const save = useSubmit();
  const { errors, setErrors } = save;

  const question = isQuestion(draft.state);
  const max = statusTextMax(draft.state);
  const mail = draft.state ? mailRule(draft.state, detail) : null;

  const submit = () => {
    if (!draft.state) return;
    const local = validateStatus(draft, detail);
    if (Object.keys(local).length) return setErrors(Object.fromEntries(Object.entries(local).map(([k, v]) => [k, [v]])));
    void save.run(async () => onUpdated(await incidentApi(api).patch(detail.id, statusPatch(draft, detail)), T.saved(stateName(draft.state))));
  };

  if (targets.length === 0) return <p className="utrecht-paragraph">{T.noTargets}</p>;

  const { state: stateErrors = [], text: textErrors = [], email_override: emailErrors = [], ...rest } = errors;
  const otherErrors = Object.values(rest).flat();

  return (
    <PanelForm label={T.heading} onSubmit={submit}>
      <p className="utrecht-paragraph">{T.current(detail.status.state_display || stateName(detail.status.state))}</p>
      <FormErrors messages={otherErrors} />
      <fieldset className="utrecht-form-fieldset" aria-describedby={stateErrors.length ? `${id}-state-error` : undefined} aria-invalid={stateErrors.length > 0 || undefined}>
        <legend className="utrecht-form-fieldset__legend">{T.target}</legend>
        <ErrorText id={`${id}-state-error`} messages={stateErrors} />
        <div className="ml-incident__radios">
          {targets.map((target) => {
            // 'Reactie gevraagd' needs the reporter's e-mail address: said up front, not after saving
            const unavailable = isQuestion(target.code) && !reporterHasEmail(detail);
            return (
              <label key={target.code} className="ml-incident__radio">
                <input
                  type="radio"
                  name={`${id}-state`}
                  value={target.code}
                  checked={draft.state === target.code}
                  disabled={unavailable}
                  aria-describedby={unavailable ? `${id}-no-email` : undefined}
                  onChange={() => {
                    setDraft({ state: target.code, text: draft.text, sendEmail: false });
                    setErrors({});
                  }}
                />
                {target.name}
                {unavailable && (
                  <span id={`${id}-no-email`} className="ml-incident__radio-note">
                    {' '}
                    ({T.noEmailForQuestion})
                  </span>
                )}
              </label>
            );
          })}
        </div>
      </fieldset>
      {draft.state && (
        <>
          <DefaultTexts state={draft.state} subcategory={subcategory} onPick={(text) => setDraft({ ...draft, text })} />
          {isForward(draft.state) && (
            <div className="ml-incident__field">
              <label htmlFor={`${id}-email`} className="utrecht-form-label">
                {T.externalEmail}
              </label>
              <ErrorText id={`${id}-email-error`} messages={emailErrors} />
              <input
                id={`${id}-email`}
                type="email"
                autoComplete="off"
                className="utrecht-textbox"
                value={draft.emailOverride ?? ''}
                aria-invalid={emailErrors.length > 0 || undefined}
                aria-describedby={emailErrors.length ? `${id}-email-error` : undefined}
                onChange={(event) => setDraft({ ...draft, emailOverride: event.target.value })}
              />
            </div>
          )}
          <div className="ml-incident__field">
            <label htmlFor={`${id}-text`} className="utrecht-form-label">
              {question ? T.question : T.text}
            </label>
            <ErrorText id={`${id}-text-error`} messages={textErrors} />
            <textarea
              id={`${id}-text`}
              className="utrecht-textarea"
              rows={6}
              value={draft.text}
              aria-invalid={textErrors.length > 0 || undefined}
              aria-describedby={[textErrors.length ? `${id}-text-error` : '', mail === 'optional' ? '' : `${id}-mail`, max ? `${id}-count` : ''].filter(Boolean).join(' ')}
              onChange={(event) => setDraft({ ...draft, text: event.target.value })}
            />
            {max !== undefined && (
              <p id={`${id}-count`} className="utrecht-form-field-description">
                {INCIDENT_TEXTS.notes.count(draft.text.length, max)}
              </p>
            )}
          </div>
          {mail === 'optional' ? (
            <label className="ml-incident__checkbox">
              <input type="checkbox" checked={Boolean(draft.sendEmail)} onChange={(event) => setDraft({ ...draft, sendEmail: event.target.checked })} />
              {T.sendEmail}
            </label>
          ) : (
            <p id={`${id}-mail`} className="utrecht-paragraph ml-incident__mail">
              {isForward(draft.state) ? T.externalMail : mail === 'always' ? T.mailSent : T.mailNoAddress}
            </p>
          )}
        </>
      )}
      <FormButtons busy={save.busy} disabled={!draft.state} onCancel={onCancel} submit={T.submit} />
    </PanelForm>
  );
}

/**
 * 'Status wijzigen': the statuses the handler may pick from the current one, the
 * default texts of that status and subcategory to pick and edit, what the reporter
 * receives, and every rule message inline under its field.
 */
import { useEffect, useId, useRef, useState } from 'react';
import { useApi } from '../../api/index.ts';
import { useConfig } from '../../config/index.ts';
import { defaultTextsVersion, type Subcategory } from '../default-texts/store.ts';
import { useDefaultTexts } from '../default-texts/queries.ts';
import { incidentApi, type IncidentDetail, type StatusMailPreview } from './api.ts';
import { isForward, isQuestion, mailRule, reporterHasEmail, stateName, statusPatch, statusTargets, statusTextMax, validateStatus, type StatusDraft } from './status.ts';
import { INCIDENT_TEXTS } from './texts.ts';
import { CheckboxField, Form, FormButtons, FormErrorSummary, RadioGroup, TextField, useSubmit } from '../../forms/index.ts';

const T = INCIDENT_TEXTS.status;

export interface StatusFormProps {
  detail: IncidentDetail;
  /** The report's subcategory, for its default texts; null when unknown. */
  subcategory: Subcategory | null;
  onUpdated: (detail: IncidentDetail, message: string) => void;
  onCancel: () => void;
}

function DefaultTexts({ state, subcategory, onPick }: { state: string; subcategory: Subcategory | null; onPick: (text: string) => void }) {
  const { features } = useConfig();
  const read = useDefaultTexts(defaultTextsVersion(features), subcategory, state);
  const list = read.data ?? [];
  const headingId = useId();

  return (
    <section aria-labelledby={headingId} className="ml-incident__default-texts">
      <h4 id={headingId} className="utrecht-heading-4">
        {T.defaultTexts}
      </h4>
      {read.isError && <p className="utrecht-paragraph ml-incident__error">{T.defaultTextsFailed}</p>}
      {(!subcategory || (read.isSuccess && list.length === 0)) && <p className="utrecht-paragraph">{T.noDefaultTexts}</p>}
      {list.length > 0 && (
        <ul className="ml-incident__text-list">
          {list.map((message) => (
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

const P = T.preview;

/** The mail previewed: to whom, subject and text as the outbox will hold them, or why none goes. */
function MailPreview({ preview, stale, onClose }: { preview: StatusMailPreview; stale: boolean; onClose: () => void }) {
  const headingId = useId();
  const heading = useRef<HTMLHeadingElement>(null);
  // the preview just came: the handler reads on from its heading
  useEffect(() => heading.current?.focus(), [preview]);
  return (
    <section aria-labelledby={headingId} className="ml-incident__mail-preview">
      <h4 id={headingId} ref={heading} tabIndex={-1} className="utrecht-heading-4">
        {P.heading}
      </h4>
      {stale ? (
        <p className="utrecht-paragraph">{P.stale}</p>
      ) : preview.send ? (
        <>
          <dl className="ml-incident__mail-meta">
            <dt>{P.to}</dt>
            <dd>{preview.to}</dd>
            <dt>{P.subject}</dt>
            <dd>{preview.subject}</dd>
            <dt>{P.body}</dt>
            <dd>
              <pre className="ml-incident__mail-text">{preview.text}</pre>
            </dd>
          </dl>
          {preview.has_links && <p className="utrecht-paragraph">{P.links}</p>}
        </>
      ) : (
        <p className="utrecht-paragraph">{P.reasons[preview.reason]}</p>
      )}
      {!stale && Boolean(preview.followers) && <p className="utrecht-paragraph">{P.followers(preview.followers!)}</p>}
      <button type="button" className="utrecht-button utrecht-button--subtle" onClick={onClose}>
        {P.close}
      </button>
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
  const [preview, setPreview] = useState<{ draft: StatusDraft; mail: StatusMailPreview } | null>(null);
  const previewButton = useRef<HTMLButtonElement>(null);

  const question = isQuestion(draft.state);
  const max = statusTextMax(draft.state);
  const mail = draft.state ? mailRule(draft.state, detail) : null;

  /** The form's own rules first (the server checks them again); false when one fails. */
  const checked = () => {
    if (!draft.state) return false;
    const local = validateStatus(draft, detail);
    if (Object.keys(local).length) {
      setErrors(Object.fromEntries(Object.entries(local).map(([k, v]) => [k, [v]])));
      return false;
    }
    return true;
  };
  const submit = () => {
    if (!checked()) return;
    void save.run(async () => onUpdated(await incidentApi(api).patch(detail.id, statusPatch(draft, detail)), T.saved(stateName(draft.state))));
  };
  /** The mail this change would send, as the server draws it from the same body the save sends. */
  const showPreview = () => {
    if (!checked()) return;
    const shown = { ...draft };
    void save.run(async () => setPreview({ draft: shown, mail: await incidentApi(api).previewStatusMail(detail.id, statusPatch(shown, detail)) }));
  };
  const closePreview = () => {
    setPreview(null);
    previewButton.current?.focus();
  };
  const stale = preview !== null && JSON.stringify(statusPatch(preview.draft, detail)) !== JSON.stringify(statusPatch(draft, detail));

  if (targets.length === 0) return <p className="utrecht-paragraph">{T.noTargets}</p>;

  const { state: stateErrors = [], text: textErrors = [], email_override: emailErrors = [] } = errors;

  return (
    <Form className="ml-incident__form" label={T.heading} onSubmit={submit}>
      <p className="utrecht-paragraph">{T.current(detail.status.state_display || stateName(detail.status.state))}</p>
      <FormErrorSummary
        errors={errors}
        fields={{ state: { id: `${id}-state`, label: T.target }, email_override: { id: `${id}-email`, label: T.externalEmail }, text: { id: `${id}-text`, label: question ? T.question : T.text } }}
      />
      <RadioGroup
        id={`${id}-state`}
        label={T.target}
        error={stateErrors.join(' ') || undefined}
        optionsClassName="ml-incident__radios"
        value={draft.state}
        // 'Reactie gevraagd' needs the reporter's e-mail address: said up front, not after saving
        options={targets.map((target) => {
          const unavailable = isQuestion(target.code) && !reporterHasEmail(detail);
          return { value: target.code, label: target.name, disabled: unavailable, note: unavailable ? T.noEmailForQuestion : undefined };
        })}
        onChange={(state) => {
          setDraft({ state, text: draft.text, sendEmail: false });
          setErrors({});
        }}
      />
      {draft.state && (
        <>
          <DefaultTexts state={draft.state} subcategory={subcategory} onPick={(text) => setDraft({ ...draft, text })} />
          {isForward(draft.state) && (
            <TextField
              id={`${id}-email`}
              className="ml-incident__field"
              type="email"
              hideOptional
              label={T.externalEmail}
              error={emailErrors.join(' ') || undefined}
              value={draft.emailOverride ?? ''}
              onChange={(emailOverride) => setDraft({ ...draft, emailOverride })}
            />
          )}
          <TextField
            id={`${id}-text`}
            className="ml-incident__field"
            multiline
            rows={6}
            hideOptional
            label={question ? T.question : T.text}
            error={textErrors.join(' ') || undefined}
            describedBy={[mail === 'optional' ? '' : `${id}-mail`, max ? `${id}-count` : ''].filter(Boolean).join(' ')}
            value={draft.text}
            onChange={(text) => setDraft({ ...draft, text })}
            after={
              max !== undefined && (
                <p id={`${id}-count`} className="utrecht-form-field-description">
                  {INCIDENT_TEXTS.notes.count(draft.text.length, max)}
                </p>
              )
            }
          />
          {mail === 'optional' ? (
            <CheckboxField id={`${id}-send`} label={T.sendEmail} checked={Boolean(draft.sendEmail)} onChange={(sendEmail) => setDraft({ ...draft, sendEmail })} />
          ) : (
            <p id={`${id}-mail`} className="utrecht-paragraph ml-incident__mail">
              {isForward(draft.state) ? T.externalMail : mail === 'always' ? T.mailSent : T.mailNoAddress}
            </p>
          )}
          <p className="utrecht-paragraph">
            <button type="button" ref={previewButton} className="utrecht-button utrecht-button--secondary-action" disabled={save.busy} onClick={showPreview}>
              {P.open}
            </button>
          </p>
          {preview && <MailPreview preview={preview.mail} stale={stale} onClose={closePreview} />}
        </>
      )}
      <FormButtons busy={save.busy} disabled={!draft.state} cancel={onCancel} cancelLabel={INCIDENT_TEXTS.edit.cancel} submit={T.submit} />
    </Form>
  );
}

/**
 * 'Bijlagen': every attachment of the report (the reporter's and staff's), with who added
 * it and when; staff add one (`sia_add_attachment`), caption one (`sia_change_attachment`)
 * and delete one (the rights of docs/reference/permissions.md#permissions-and-scoping for the kind of report and who made it). Each
 * control shows only for a user who may use it; failures appear at the field they concern.
 */
import { useEffect, useId, useRef, useState } from 'react';
import { apiPath, API_PATHS, ApiError, formatCreatedAt } from '@meldloket/engine';
import { useApi } from '../../api/index.ts';
import { useAction } from '../../api/write.ts';
import { useConfig } from '../../config/index.ts';
import { canAccess, canDeleteAttachment, useAuth, type Area } from '../../auth/index.ts';
import { incidentApi, SIGNALS_PATH, type Attachment, type IncidentDetail } from './api.ts';
import { allMessages, FieldError, fieldErrors, FileField, TextField } from '../../forms/index.ts';
import { useAttachments } from './queries.ts';
import { INCIDENT_TEXTS } from './texts.ts';

const T = INCIDENT_TEXTS.attachments;

type State = { kind: 'loading' } | { kind: 'failed' } | { kind: 'ready'; list: Attachment[] };

export function Attachments({ detail, onChanged }: { detail: IncidentDetail; onChanged: (message: string) => void }) {
  const api = useApi();
  const config = useConfig();
  const id = useId();
  const { user, can: canArea, getToken } = useAuth();
  const can = (area: Area) => (canArea ? canArea(area) : canAccess(user, area));
  const attachments = useAttachments(detail.id);
  const state: State = attachments.isSuccess ? { kind: 'ready', list: attachments.data } : attachments.isError ? { kind: 'failed' } : { kind: 'loading' };
  const [captions, setCaptions] = useState<Record<string, string>>({});
  const [errors, setErrors] = useState<Record<string, string[]>>({});
  const change = useAction<string>();
  const busy = change.busy;
  const file = useRef<HTMLInputElement>(null);
  const kind = detail._links['sia:parent'] ? 'child' : (detail._links['sia:children']?.length ?? 0) > 0 ? 'parent' : 'normal';

  // every new list (after a change) starts from the saved captions
  useEffect(() => {
    if (attachments.data) setCaptions(Object.fromEntries(attachments.data.map((a) => [a.location, a.caption ?? ''])));
  }, [attachments.data]);

  const run = async (key: string, action: () => Promise<string>) => {
    setErrors({});
    const outcome = await change.run(action);
    if (!outcome) return;
    if (outcome.ok) onChanged(outcome.data);
    else setErrors({ [key]: allMessages(fieldErrors(outcome.error)) });
  };

  const upload = () =>
    run('upload', async () => {
      const chosen = file.current?.files?.[0];
      if (!chosen) throw new Error(T.chooseFile);
      const body = new FormData();
      body.append('file', chosen, chosen.name);
      const token = getToken();
      const response = await window.fetch(`${config.endpoints.api.replace(/\/$/, '')}${apiPath(API_PATHS.signalAttachments, { id: detail.id })}`, { method: 'POST', body, headers: token ? { Authorization: `Bearer ${token}` } : {} });
      if (!response.ok) {
        const answer = await response.json().catch(() => undefined);
        throw new ApiError(response.statusText || `HTTP ${response.status}`, response.status, answer);
      }
      if (file.current) file.current.value = '';
      return T.added;
    });

  const list = state.kind === 'ready' ? state.list : [];
  const mayAdd = can('addAttachment');
  const mayCaption = can('changeAttachment');

  return (
    <section aria-labelledby="incident-attachments">
      <h2 id="incident-attachments" className="utrecht-heading-2">
        {T.heading}
      </h2>
      {state.kind === 'failed' && <p className="utrecht-paragraph ml-incident__error">{T.failed}</p>}
      {state.kind === 'ready' && list.length === 0 && <p className="utrecht-paragraph">{T.none}</p>}
      {list.length > 0 && (
        <ol className="ml-incident__attachments">
          {list.map((attachment, index) => {
            const n = index + 1;
            const key = attachment.location;
            const mayDelete = Boolean(attachment._links) && canDeleteAttachment(user, kind, attachment.created_by ?? null);
            const captionId = `${id}-caption-${n}`;
            const messages = errors[key] ?? [];
            return (
              <li key={key}>
                <p className="utrecht-paragraph">
                  <strong>{T.item(n)}</strong> · {T.meta(attachment.created_by || T.reporter, formatCreatedAt(attachment.created_at))}
                  {!mayCaption && attachment.caption ? ` · ${attachment.caption}` : ''}
                </p>
                {mayCaption && attachment._links ? (
                  <TextField
                    id={captionId}
                    className="ml-incident__field"
                    hideOptional
                    maxLength={1000}
                    label={T.caption(n)}
                    error={messages.join(' ') || undefined}
                    value={captions[key] ?? ''}
                    onChange={(caption) => setCaptions((all) => ({ ...all, [key]: caption }))}
                    after={
                    <button
                      type="button"
                      className="utrecht-button utrecht-button--secondary-action"
                      disabled={busy}
                      onClick={() =>
                        void run(key, async () => {
                          await incidentApi(api).caption(attachment, (captions[key] ?? '').trim());
                          return T.captionSaved;
                        })
                      }
                    >
                      {T.saveCaption(n)}
                    </button>
                    }
                  />
                ) : (
                  <FieldError id={`${captionId}-error`} messages={messages} />
                )}
                {mayDelete && (
                  <button
                    type="button"
                    className="utrecht-button utrecht-button--subtle"
                    disabled={busy}
                    onClick={() => {
                      if (!window.confirm(T.confirmRemove(n))) return;
                      void run(key, async () => {
                        await incidentApi(api).removeAttachment(attachment);
                        return T.removed;
                      });
                    }}
                  >
                    {T.remove(n)}
                  </button>
                )}
              </li>
            );
          })}
        </ol>
      )}
      {mayAdd && (
        <FileField
          id={`${id}-file`}
          className="ml-incident__field"
          hideOptional
          label={T.add}
          hint={T.addHint}
          error={errors.upload?.join(' ') || undefined}
          inputRef={file}
          accept="image/jpeg,image/png,image/gif,application/pdf"
          after={
          <button type="button" className="utrecht-button utrecht-button--secondary-action" disabled={busy} onClick={() => void upload()}>
            {T.upload}
          </button>
          }
        />
      )}
    </section>
  );
}

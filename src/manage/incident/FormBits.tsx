import type { ReactNode } from 'react';
import { INCIDENT_TEXTS } from './texts.ts';
import type { SubcategoryOption } from './categories.ts';

/** Small shared parts of the detail page's forms: an error under a field, the errors of a whole form. */
export function ErrorText({ id, messages }: { id: string; messages: readonly string[] }) {
  if (messages.length === 0) return null;
  return (
    <p id={id} className="utrecht-form-field-error-message">
      <span className="ml-visually-hidden">Invoerfout:</span> {messages.join(' ')}
    </p>
  );
}

export function FormErrors({ messages }: { messages: readonly string[] }) {
  if (messages.length === 0) return null;
  return (
    <div role="alert" className="ml-incident__form-errors">
      {messages.map((message) => (
        <p key={message} className="utrecht-paragraph">
          {message}
        </p>
      ))}
    </div>
  );
}

/** A form of the detail page: named for assistive technology, checked by the app (noValidate), never reloading the page. */
export function PanelForm({ label, onSubmit, children }: { label: string; onSubmit: () => void; children: ReactNode }) {
  return (
    <form
      className="ml-incident__form"
      noValidate
      aria-label={label}
      onSubmit={(event) => {
        event.preventDefault();
        onSubmit();
      }}
    >
      {children}
    </form>
  );
}

/** Save and cancel under a form. */
export function FormButtons({ busy, onCancel, submit = INCIDENT_TEXTS.edit.save, disabled = false }: { busy: boolean; onCancel: () => void; submit?: string; disabled?: boolean }) {
  return (
    <div className="ml-incident__buttons">
      <button type="submit" className="utrecht-button utrecht-button--primary-action" disabled={busy || disabled}>
        {submit}
      </button>
      <button type="button" className="utrecht-button utrecht-button--secondary-action" onClick={onCancel}>
        {INCIDENT_TEXTS.edit.cancel}
      </button>
    </div>
  );
}

/** The subcategories grouped under their main category (docs/reference/screens.md#entities), each option's value by `valueOf`. */
export function SubcategoryOptions({ groups, valueOf }: { groups: Array<[string, SubcategoryOption[]]>; valueOf: (option: SubcategoryOption) => string | number }) {
  return (
    <>
      {groups.map(([main, options]) => (
        <optgroup key={main} label={main}>
          {options.map((o) => (
            <option key={o.id} value={valueOf(o)}>
              {o.label}
            </option>
          ))}
        </optgroup>
      ))}
    </>
  );
}

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

/**
 * A form's send button (the form kit's SubmitButton, off while the form is sent), with a status line
 * under it while the form is on its way (announced by screen readers as it appears).
 */
import { SubmitButton } from '../forms/index.ts';

export function SendButton({ label, sendingText, sending }: { label: string; sendingText: string; sending: boolean }) {
  return (
    <>
      <SubmitButton busy={sending}>{label}</SubmitButton>
      {sending && (
        <p role="status" className="utrecht-paragraph">
          {sendingText}
        </p>
      )}
    </>
  );
}

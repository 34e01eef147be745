import { useConfig } from '../../config/index.ts';
import type { WizardView } from '../state/index.ts';
import { TEXTS } from '../texts.ts';

/** After a failed submit: what went wrong, urgent contact, and a retry that keeps the draft. */
export function FoutStep({ wizard }: { wizard: WizardView }) {
  const { contact, features } = useConfig();
  return (
    <div>
      <p className="utrecht-paragraph">{TEXTS.errorIntro}</p>
      <p className="utrecht-paragraph">{TEXTS.errorTryLater}</p>
      <h2 className="utrecht-heading-2">Dringend?</h2>
      <p className="utrecht-paragraph">{TEXTS.errorUrgent(contact.phone, contact.hours)}</p>
      <p className="utrecht-paragraph">{TEXTS.errorHelp}</p>
      <div className="ml-thanks__actions">
        {!features.appMode && (
          <button type="button" className="utrecht-button utrecht-button--secondary-action" onClick={() => wizard.send({ type: 'PREVIOUS' })}>
            {TEXTS.backToSummary}
          </button>
        )}
        <button type="button" className="utrecht-button utrecht-button--primary-action" onClick={() => wizard.send({ type: 'NEXT' })}>
          {TEXTS.retry}
        </button>
      </div>
    </div>
  );
}

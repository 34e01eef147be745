import { useEffect } from 'react';
import { useConfig } from '../../config/index.ts';
import { NotificationBanner, useNotifications } from '../../notifications/index.ts';
import { useWizardSelector, type WizardView } from '../state/index.ts';
import { TEXTS } from '../texts.ts';

/** After a failed submit: a local error notification, what went wrong, urgent contact, and a retry that keeps the draft. */
export function FoutStep({ wizard }: { wizard: WizardView }) {
  const { contact, features } = useConfig();
  const { show, close } = useNotifications();
  const submitError = useWizardSelector((s) => s.context.submitError);
  // a staff member's report: the page speaks to the employee, not to a resident
  const staff = wizard.isAuthenticated;

  useEffect(() => {
    show({ title: staff ? TEXTS.staffSubmitFailed : TEXTS.submitFailed, message: submitError ?? undefined, variant: 'error', type: 'local' });
    return close;
  }, [show, close, submitError, staff]);

  return (
    <div>
      <NotificationBanner type="local" />
      {staff ? (
        <>
          <p className="utrecht-paragraph">{TEXTS.staffErrorIntro}</p>
          <p className="utrecht-paragraph">{TEXTS.staffErrorCaller}</p>
        </>
      ) : (
        <>
          <p className="utrecht-paragraph">{TEXTS.errorIntro}</p>
          <p className="utrecht-paragraph">{TEXTS.errorTryLater}</p>
          <h2 className="utrecht-heading-2">Dringend?</h2>
          <p className="utrecht-paragraph">{TEXTS.errorUrgent(contact.phone, contact.hours)}</p>
          <p className="utrecht-paragraph">{TEXTS.errorHelp}</p>
        </>
      )}
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

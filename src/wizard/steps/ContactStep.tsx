import { SingleCheckbox, TextInput, type CheckedValue } from '@meldloket/renderer';
import type { WizardView } from '../state/index.ts';
import { fieldError } from './fieldErrors.ts';
import { emailQuestion, phoneQuestion, sharingQuestion } from './questions.ts';

/** Step 3 'Contactgegevens': phone, e-mail and permission to share them. */
export function ContactStep({ wizard }: { wizard: WizardView }) {
  const { draft, dispatch } = wizard;
  return (
    <div className="ml-wizard-form">
      <p className="utrecht-paragraph">
        Wilt u op de hoogte blijven van uw melding, of mogen we u bellen als we vragen hebben? Laat dan uw gegevens achter. Dit is niet
        verplicht.
      </p>
      <TextInput
        id="phone"
        question={phoneQuestion}
        value={draft.phone}
        error={fieldError(wizard, 'phone')}
        onChange={(value: string | undefined) => dispatch({ type: 'update', payload: { phone: value ?? '' } })}
      />
      <TextInput
        id="email"
        question={emailQuestion}
        value={draft.email}
        error={fieldError(wizard, 'email')}
        onChange={(value: string | undefined) => dispatch({ type: 'update', payload: { email: value ?? '' } })}
      />
      <SingleCheckbox
        id="sharing_allowed"
        question={sharingQuestion}
        value={draft.sharing_allowed.value ? draft.sharing_allowed : undefined}
        onChange={(value: CheckedValue | undefined) =>
          dispatch({ type: 'update', payload: { sharing_allowed: { label: value?.value ? String(sharingQuestion.meta.value) : '', value: Boolean(value?.value) } } })
        }
      />
    </div>
  );
}

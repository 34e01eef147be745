/** The survey questions: choices, free text and permission to contact. */
import { useRef, useState, type FormEvent } from 'react';
import { CheckboxInput, TextareaInput, type CheckedValue, type OptionValue } from '@meldloket/renderer';
import type { Question } from '@meldloket/engine';
import { SendButton } from '../layout/SendButton.tsx';
import { KTO_TEXTS, type Satisfaction } from './texts.ts';
import type { FeedbackAnswer } from './api.ts';

const MAX = 1000;

export interface KtoFormProps {
  satisfaction: Satisfaction;
  choices: string[];
  sending: boolean;
  onSend: (answer: FeedbackAnswer) => void;
}

export function KtoForm({ satisfaction, choices, sending, onSend }: KtoFormProps) {
  const [chosen, setChosen] = useState<OptionValue[]>([]);
  const [extra, setExtra] = useState('');
  const [contact, setContact] = useState<CheckedValue | undefined>();
  const [error, setError] = useState<{ choices?: string; extra?: string }>({});
  const firstChoice = useRef<HTMLElement>(null);
  const extraField = useRef<HTMLElement>(null);

  const choicesQuestion: Question = {
    key: 'text_list',
    field_type: 'checkbox_input',
    meta: { label: KTO_TEXTS.choices[satisfaction], subtitle: KTO_TEXTS.choicesHint, values: Object.fromEntries(choices.map((text, i) => [`keuze-${i}`, text])) },
  };
  const extraQuestion: Question = { key: 'text_extra', field_type: 'textarea_input', meta: { label: KTO_TEXTS.extra, subtitle: KTO_TEXTS.extraHint, maxLength: MAX } };
  // the free text is needed while no box is ticked: it is then not labelled '(niet verplicht)'
  const extraNeeded = chosen.length === 0;
  const contactQuestion: Question = { key: 'allows_contact', field_type: 'checkbox_input', meta: { label: KTO_TEXTS.contactLegend, value: KTO_TEXTS.contact } };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const next: typeof error = {};
    if (extra.length > MAX) next.extra = KTO_TEXTS.tooLong;
    else if (chosen.length === 0 && extra.trim() === '') next.choices = KTO_TEXTS.atLeastOne;
    setError(next);
    if (next.extra) return extraField.current?.focus();
    if (next.choices) return firstChoice.current?.focus();
    onSend({ satisfaction, text_list: chosen.map((c) => c.label), text_extra: extra.trim(), allows_contact: contact?.value === true });
  };

  return (
    <form className="ml-kto-form" noValidate onSubmit={submit} aria-busy={sending || undefined}>
      <CheckboxInput id="kto-choices" ref={firstChoice} question={choicesQuestion} required value={chosen} error={error.choices} onChange={(value) => setChosen((value as OptionValue[]) ?? [])} />
      <TextareaInput id="kto-extra" ref={extraField} question={extraQuestion} required={extraNeeded} value={extra} error={error.extra} onChange={(value) => setExtra(value ?? '')} />
      <CheckboxInput id="kto-contact" question={contactQuestion} required={false} value={contact} onChange={(value) => setContact(value as CheckedValue | undefined)} />
      <SendButton label={KTO_TEXTS.submit} sendingText={KTO_TEXTS.sending} sending={sending} />
    </form>
  );
}

import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import type { Question } from '@meldloket/engine';
import { CheckboxInput } from './CheckboxInput.tsx';

const list: Question = {
  key: 'extra_personen',
  field_type: 'checkbox_input',
  required: true,
  meta: { label: 'Wat ziet u?', values: { dronken: 'Dronken bezoekers', fietsen: 'Te veel fietsen', plassen: 'Wildplassen' } },
};

function Harness({ question, onChange }: { question: Question; onChange: (value: unknown) => void }) {
  const [value, setValue] = useState<unknown>(undefined);
  return <CheckboxInput id={question.key} question={question} value={value as never} onChange={(next) => { setValue(next); onChange(next); }} />;
}

describe('CheckboxInput', () => {
  it('stores the checked options as [{id, label}] in definition order', async () => {
    const onChange = vi.fn();
    render(<Harness question={list} onChange={onChange} />);
    await userEvent.click(screen.getByRole('checkbox', { name: 'Wildplassen' }));
    await userEvent.click(screen.getByRole('checkbox', { name: 'Dronken bezoekers' }));
    expect(onChange).toHaveBeenLastCalledWith([{ id: 'dronken', label: 'Dronken bezoekers' }, { id: 'plassen', label: 'Wildplassen' }]);
    await userEvent.click(screen.getByRole('checkbox', { name: 'Wildplassen' }));
    expect(onChange).toHaveBeenLastCalledWith([{ id: 'dronken', label: 'Dronken bezoekers' }]);
  });

  it('groups the checkboxes under the label, described by the error', () => {
    render(<CheckboxInput id="p" question={list} error="Dit veld is verplicht" value={undefined} onChange={() => {}} />);
    expect(screen.getByRole('group', { name: 'Wat ziet u?' })).toHaveAccessibleDescription('Invoerfout: Dit veld is verplicht');
  });

  it('renders one checkbox stored as {label, value} when there are no values', async () => {
    const onChange = vi.fn();
    const single: Question = { key: 'akkoord', field_type: 'checkbox_input', required: true, meta: { value: 'Ik ga akkoord' } };
    render(<Harness question={single} onChange={onChange} />);
    expect(screen.queryByRole('group')).not.toBeInTheDocument();
    await userEvent.click(screen.getByRole('checkbox', { name: 'Ik ga akkoord' }));
    expect(onChange).toHaveBeenLastCalledWith({ label: 'Ik ga akkoord', value: true });
    await userEvent.click(screen.getByRole('checkbox', { name: 'Ik ga akkoord' }));
    expect(onChange).toHaveBeenLastCalledWith({ label: 'Ik ga akkoord', value: false });
  });

  it('describes a single checkbox by its hint and error', () => {
    const single: Question = { key: 'akkoord', field_type: 'checkbox_input', required: true, meta: { value: 'Ik ga akkoord', subtitle: 'Nodig om verder te gaan' } };
    render(<CheckboxInput id="akkoord" question={single} error="Dit veld is verplicht" value={undefined} onChange={() => {}} />);
    const box = screen.getByRole('checkbox', { name: 'Ik ga akkoord' });
    expect(box).toHaveAccessibleDescription('Nodig om verder te gaan Invoerfout: Dit veld is verplicht');
    expect(box).toBeInvalid();
  });

  it('puts a single checkbox with a label and value text in a named group', () => {
    const single: Question = { key: 'ok', field_type: 'checkbox_input', required: false, meta: { label: 'Toestemming', value: 'Ik geef toestemming' } };
    render(<CheckboxInput id="ok" question={single} value={{ label: 'Ik geef toestemming', value: true }} onChange={() => {}} />);
    expect(screen.getByRole('group', { name: 'Toestemming (niet verplicht)' })).toBeInTheDocument();
    expect(screen.getByRole('checkbox', { name: 'Ik geef toestemming' })).toBeChecked();
  });
});

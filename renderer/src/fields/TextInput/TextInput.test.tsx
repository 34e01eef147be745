import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import type { Question } from '@meldloket/engine';
import { TextInput } from './TextInput.tsx';

const question: Question = { key: 'extra_brug', field_type: 'text_input', meta: { label: 'Naam van de brug', subtitle: 'Staat op het bord' } };

function Harness({ q = question, initial = '', onChange = () => {} }: { q?: Question; initial?: string; onChange?: (v: unknown) => void }) {
  const [value, setValue] = useState<string | undefined>(initial);
  return <TextInput id={q.key} question={q} value={value} onChange={(v) => { setValue(v); onChange(v); }} />;
}

describe('TextInput', () => {
  it('labels an optional field with (niet verplicht) and describes it by its hint', () => {
    render(<TextInput id="brug" question={question} value="" onChange={() => {}} />);
    const box = screen.getByRole('textbox', { name: 'Naam van de brug (niet verplicht)' });
    expect(box).toHaveAccessibleDescription('Staat op het bord');
    expect(box).not.toHaveAttribute('aria-invalid');
  });

  it('has no optional suffix when required', () => {
    render(<TextInput id="brug" question={question} required value="" onChange={() => {}} />);
    expect(screen.getByRole('textbox', { name: 'Naam van de brug' })).toBeRequired();
  });

  it('describes the field by hint then error, with a hidden prefix, and marks it invalid', () => {
    render(<TextInput id="brug" question={question} required error="Dit veld is verplicht" value="" onChange={() => {}} />);
    const box = screen.getByRole('textbox', { name: 'Naam van de brug' });
    expect(box).toHaveAccessibleDescription('Staat op het bord Invoerfout: Dit veld is verplicht');
    expect(box).toHaveAttribute('aria-describedby', 'brug-hint brug-error');
    expect(box).toBeInvalid();
  });

  it('reports typed text', async () => {
    const onChange = vi.fn();
    render(<Harness onChange={onChange} />);
    await userEvent.type(screen.getByRole('textbox'), 'Brug 12');
    expect(onChange).toHaveBeenLastCalledWith('Brug 12');
  });

  it('gives phone and e-mail fields valid autocomplete tokens and input types', () => {
    render(
      <>
        <TextInput id="phone" question={{ key: 'phone', field_type: 'text_input', meta: { label: 'Telefoon' } }} value="" onChange={() => {}} />
        <TextInput id="email" question={{ key: 'email', field_type: 'text_input', meta: { label: 'E-mail' } }} value="" onChange={() => {}} />
      </>,
    );
    expect(screen.getByRole('textbox', { name: /Telefoon/ })).toHaveAttribute('autocomplete', 'tel');
    expect(screen.getByRole('textbox', { name: /Telefoon/ })).toHaveAttribute('type', 'tel');
    expect(screen.getByRole('textbox', { name: /E-mail/ })).toHaveAttribute('autocomplete', 'email');
    expect(screen.getByRole('textbox', { name: /E-mail/ })).toHaveAttribute('type', 'email');
  });

  it('limits the length to maxLength and shows the placeholder', () => {
    render(<TextInput id="k" question={{ key: 'k', field_type: 'text_input', meta: { label: 'Kenteken', maxLength: 8, placeholder: '12-AB-34' } }} value="" onChange={() => {}} />);
    const box = screen.getByRole('textbox', { name: /Kenteken/ });
    expect(box).toHaveAttribute('maxlength', '8');
    expect(box).toHaveAttribute('placeholder', '12-AB-34');
  });
});

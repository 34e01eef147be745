import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import type { Question } from '@meldloket/engine';
import { SelectInput } from './SelectInput.tsx';

const question: Question = { key: 'priority', field_type: 'select_input', required: true, meta: { label: 'Urgentie', values: { high: 'Hoog', normal: 'Normaal' } } };

describe('SelectInput', () => {
  it('offers the values after an empty choice', () => {
    render(<SelectInput id="priority" question={question} value={undefined} onChange={() => {}} />);
    const select = screen.getByRole('combobox', { name: 'Urgentie' });
    expect(screen.getAllByRole('option').map((option) => option.textContent)).toEqual(['Maak een keuze', 'Hoog', 'Normaal']);
    expect(select).toHaveValue('');
  });

  it('stores the chosen option as {id, label} and clears on the empty choice', async () => {
    const onChange = vi.fn();
    const { rerender } = render(<SelectInput id="priority" question={question} value={undefined} onChange={onChange} />);
    await userEvent.selectOptions(screen.getByRole('combobox'), 'Hoog');
    expect(onChange).toHaveBeenLastCalledWith({ id: 'high', label: 'Hoog' });
    rerender(<SelectInput id="priority" question={question} value={{ id: 'high', label: 'Hoog' }} onChange={onChange} />);
    await userEvent.selectOptions(screen.getByRole('combobox'), 'Maak een keuze');
    expect(onChange).toHaveBeenLastCalledWith(undefined);
  });

  it('is described by its error and marked invalid', () => {
    render(<SelectInput id="priority" question={question} value={undefined} error="Dit veld is verplicht" onChange={() => {}} />);
    const select = screen.getByRole('combobox', { name: 'Urgentie' });
    expect(select).toHaveAccessibleDescription('Invoerfout: Dit veld is verplicht');
    expect(select).toBeInvalid();
  });
});

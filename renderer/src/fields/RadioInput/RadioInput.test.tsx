import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import type { Question } from '@meldloket/engine';
import { RendererServicesProvider } from '../../context.tsx';
import { RadioInput } from './RadioInput.tsx';

const question: Question = {
  key: 'extra_muziek',
  field_type: 'radio_input',
  required: true,
  meta: { label: 'Is het een evenement?', subtitle: 'Met muziek', values: { ja: 'Ja', nee: 'Nee' } },
};

describe('RadioInput', () => {
  it('renders a group named by its label with one radio per value', () => {
    render(<RadioInput id="muziek" question={question} value={undefined} onChange={() => {}} />);
    const group = screen.getByRole('group', { name: 'Is het een evenement?' });
    expect(group).toHaveAccessibleDescription('Met muziek');
    expect(screen.getAllByRole('radio').map((radio) => radio.getAttribute('value'))).toEqual(['ja', 'nee']);
  });

  it('stores the chosen option as {id, label}', async () => {
    const onChange = vi.fn();
    render(<RadioInput id="muziek" question={question} value={undefined} onChange={onChange} />);
    await userEvent.click(screen.getByRole('radio', { name: 'Nee' }));
    expect(onChange).toHaveBeenCalledWith({ id: 'nee', label: 'Nee' });
  });

  it('shows the stored answer as checked', () => {
    render(<RadioInput id="muziek" question={question} value={{ id: 'ja', label: 'Ja' }} onChange={() => {}} />);
    expect(screen.getByRole('radio', { name: 'Ja' })).toBeChecked();
    expect(screen.getByRole('radio', { name: 'Nee' })).not.toBeChecked();
  });

  it('describes the group by hint and error', () => {
    render(<RadioInput id="muziek" question={question} error="Dit veld is verplicht" value={undefined} onChange={() => {}} />);
    expect(screen.getByRole('group', { name: 'Is het een evenement?' })).toHaveAccessibleDescription('Met muziek Invoerfout: Dit veld is verplicht');
    expect(screen.getByRole('radio', { name: 'Ja' })).toBeInvalid();
    expect(screen.getByRole('radio', { name: 'Nee' })).toBeInvalid();
  });

  it('marks an optional group with (niet verplicht)', () => {
    render(<RadioInput id="muziek" question={{ ...question, required: false }} value={undefined} onChange={() => {}} />);
    expect(screen.getByRole('group', { name: 'Is het een evenement? (niet verplicht)' })).toBeInTheDocument();
  });

  it('reports blur only when focus leaves the group', async () => {
    const onBlur = vi.fn();
    render(
      <>
        <RadioInput id="muziek" question={question} value={undefined} onChange={() => {}} onBlur={onBlur} />
        <button type="button">Verder</button>
      </>,
    );
    await userEvent.click(screen.getByRole('radio', { name: 'Ja' }));
    await userEvent.tab();
    expect(screen.getByRole('button', { name: 'Verder' })).toHaveFocus();
    expect(onBlur).toHaveBeenCalledTimes(1);
  });
});

import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import type { Question } from '@meldloket/engine';
import { EmphasisCheckboxInput } from './EmphasisCheckboxInput.tsx';

const question: Question = { key: 'sharing_allowed', field_type: 'emphasis_checkbox_input', meta: { value: 'Ja, ik geef toestemming' } };

describe('EmphasisCheckboxInput', () => {
  it('renders one checkbox on an emphasised panel and stores {label, value}', async () => {
    const onChange = vi.fn();
    const { container } = render(<EmphasisCheckboxInput id="sharing" question={question} value={undefined} onChange={onChange} />);
    expect(container.querySelector('.ml-emphasis')).toContainElement(screen.getByRole('checkbox'));
    await userEvent.click(screen.getByRole('checkbox', { name: 'Ja, ik geef toestemming' }));
    expect(onChange).toHaveBeenCalledWith({ label: 'Ja, ik geef toestemming', value: true });
  });

  it('is described by its hint and error and marked invalid', () => {
    const required: Question = { ...question, required: true, meta: { ...question.meta, subtitle: 'Wij delen nooit uw contactgegevens.' } };
    render(<EmphasisCheckboxInput id="sharing" question={required} error="Dit veld is verplicht" value={undefined} onChange={() => {}} />);
    const box = screen.getByRole('checkbox', { name: 'Ja, ik geef toestemming' });
    expect(box).toHaveAttribute('aria-describedby', 'sharing-hint sharing-error');
    expect(box).toHaveAccessibleDescription('Wij delen nooit uw contactgegevens. Invoerfout: Dit veld is verplicht');
    expect(box).toBeInvalid();
  });

  it('shows a stored answer as checked', () => {
    render(<EmphasisCheckboxInput id="sharing" question={question} value={{ label: 'Ja, ik geef toestemming', value: true }} onChange={() => {}} />);
    expect(screen.getByRole('checkbox', { name: 'Ja, ik geef toestemming' })).toBeChecked();
  });
});

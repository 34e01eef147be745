import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import type { DateTimeValue, Question } from '@meldloket/engine';
import { RendererServicesProvider } from '../../context.tsx';
import { DateTimeInput } from './DateTimeInput.tsx';

const NOW = new Date(2026, 4, 13, 14, 32); // Wednesday 13 May 2026, 14:32
const question: Question = { key: 'dateTime', field_type: 'date_time_input', required: true, meta: { label: 'Wanneer gebeurde het?' } };

function Harness({ initial, onChange = () => {} }: { initial?: DateTimeValue; onChange?: (value: DateTimeValue | undefined) => void }) {
  const [value, setValue] = useState<DateTimeValue | undefined>(initial);
  return (
    <RendererServicesProvider value={{ now: () => NOW }}>
      <DateTimeInput id="dateTime" question={question} value={value} onChange={(next) => { setValue(next); onChange(next); }} />
    </RendererServicesProvider>
  );
}

describe('DateTimeInput', () => {
  it('offers Nu and Eerder in a named group', () => {
    render(<Harness />);
    const group = screen.getByRole('group', { name: 'Wanneer gebeurde het?' });
    expect(within(group).getAllByRole('radio').map((radio) => radio.parentElement?.textContent)).toEqual(['Nu', 'Eerder']);
    expect(screen.queryByRole('combobox')).not.toBeInTheDocument();
  });

  it("stores 'now' for Nu", async () => {
    const onChange = vi.fn();
    render(<Harness onChange={onChange} />);
    await userEvent.click(screen.getByRole('radio', { name: 'Nu' }));
    expect(onChange).toHaveBeenLastCalledWith('now');
  });

  it('starts Eerder at the last five-minute step before now (14:30 at 14:32) and offers today and the six days before, hours 0-23, minutes by 5', async () => {
    const onChange = vi.fn();
    render(<Harness onChange={onChange} />);
    await userEvent.click(screen.getByRole('radio', { name: 'Eerder' }));
    expect(onChange).toHaveBeenLastCalledWith(new Date(2026, 4, 13, 14, 30).getTime());
    const day = screen.getByRole('combobox', { name: 'Dag' });
    expect(within(day).getAllByRole('option').map((option) => option.textContent)).toEqual([
      'Vandaag',
      'Dinsdag 12 mei',
      'Maandag 11 mei',
      'Zondag 10 mei',
      'Zaterdag 9 mei',
      'Vrijdag 8 mei',
      'Donderdag 7 mei',
    ]);
    expect(within(screen.getByRole('combobox', { name: 'Uur' })).getAllByRole('option')).toHaveLength(24);
    expect(screen.getByRole('combobox', { name: 'Uur' })).toHaveDisplayValue('14');
    expect(screen.getByRole('combobox', { name: 'Minuten' })).toHaveDisplayValue('30');
    const minutes = within(screen.getByRole('combobox', { name: 'Minuten' })).getAllByRole('option').map((option) => option.textContent);
    expect(minutes).toEqual(['00', '05', '10', '15', '20', '25', '30', '35', '40', '45', '50', '55']);
  });

  it('stores the picked day, hour and minute', async () => {
    const onChange = vi.fn();
    render(<Harness onChange={onChange} />);
    await userEvent.click(screen.getByRole('radio', { name: 'Eerder' }));
    await userEvent.selectOptions(screen.getByRole('combobox', { name: 'Dag' }), 'Zondag 10 mei');
    await userEvent.selectOptions(screen.getByRole('combobox', { name: 'Uur' }), '22');
    await userEvent.selectOptions(screen.getByRole('combobox', { name: 'Minuten' }), '45');
    expect(onChange).toHaveBeenLastCalledWith(new Date(2026, 4, 10, 22, 45).getTime());
  });

  it('shows a stored earlier moment in the pickers', () => {
    render(<Harness initial={new Date(2026, 4, 12, 7, 15).getTime()} />);
    expect(screen.getByRole('radio', { name: 'Eerder' })).toBeChecked();
    expect(screen.getByRole('combobox', { name: 'Dag' })).toHaveDisplayValue('Dinsdag 12 mei');
    expect(screen.getByRole('combobox', { name: 'Uur' })).toHaveDisplayValue('07');
    expect(screen.getByRole('combobox', { name: 'Minuten' })).toHaveDisplayValue('15');
  });

  it('describes the group by its error', () => {
    render(
      <RendererServicesProvider value={{ now: () => NOW }}>
        <DateTimeInput id="d" question={question} value={new Date(2026, 4, 13, 18, 0).getTime()} error="Vul een tijdstip uit het verleden in" onChange={() => {}} />
      </RendererServicesProvider>,
    );
    expect(screen.getByRole('group', { name: 'Wanneer gebeurde het?' })).toHaveAccessibleDescription('Invoerfout: Vul een tijdstip uit het verleden in');
    expect(screen.getByRole('radio', { name: 'Eerder' })).toBeInvalid();
    expect(screen.getByRole('combobox', { name: 'Uur' })).toBeInvalid();
  });
});

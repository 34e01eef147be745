import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import type { Question } from '@meldloket/engine';
import { MultiTextInput } from './MultiTextInput.tsx';

const question: Question = { key: 'nummers', field_type: 'multi_text_input', meta: { label: 'Nummer', newItemText: 'Nog een nummer' } };

function Harness({ onChange = () => {} }: { onChange?: (value: string[] | undefined) => void }) {
  const [value, setValue] = useState<string[] | undefined>(undefined);
  return <MultiTextInput id="nummers" question={question} value={value} onChange={(next) => { setValue(next); onChange(next); }} />;
}

describe('MultiTextInput', () => {
  it('starts with one input in a named group', () => {
    render(<Harness />);
    expect(screen.getByRole('group', { name: 'Nummer (niet verplicht)' })).toBeInTheDocument();
    expect(screen.getAllByRole('textbox')).toHaveLength(1);
    expect(screen.getByRole('textbox', { name: 'Nummer 1' })).toBeInTheDocument();
  });

  it('keeps only digits, comma, period and semicolon, at most 15 per item', async () => {
    const onChange = vi.fn();
    render(<Harness onChange={onChange} />);
    const box = screen.getByRole('textbox', { name: 'Nummer 1' });
    await userEvent.type(box, '12a.3,4;5 x');
    expect(box).toHaveValue('12.3,4;5');
    await userEvent.clear(box);
    await userEvent.type(box, '12345678901234567890');
    expect(box).toHaveValue('123456789012345');
    expect(onChange).toHaveBeenLastCalledWith(['123456789012345']);
  });

  it('adds an input with the newItemText button and focuses it; removes it again', async () => {
    render(<Harness />);
    await userEvent.type(screen.getByRole('textbox', { name: 'Nummer 1' }), '1');
    await userEvent.click(screen.getByRole('button', { name: 'Nog een nummer' }));
    const second = screen.getByRole('textbox', { name: 'Nummer 2' });
    expect(second).toHaveFocus();
    await userEvent.type(second, '2');
    const removers = screen.getAllByRole('button', { name: 'Input verwijderen' });
    expect(removers).toHaveLength(2);
    await userEvent.click(removers[0]);
    expect(screen.getAllByRole('textbox')).toHaveLength(1);
    expect(screen.getByRole('textbox', { name: 'Nummer 1' })).toHaveValue('2');
  });

  it('describes the group by its error', () => {
    render(<MultiTextInput id="n" question={question} required error="Dit veld is verplicht" value={undefined} onChange={() => {}} />);
    expect(screen.getByRole('group', { name: 'Nummer' })).toHaveAccessibleDescription('Invoerfout: Dit veld is verplicht');
  });
});

import { act, fireEvent, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import type { Question } from '@meldloket/engine';
import { COUNTER_ANNOUNCE_DELAY_MS } from './TextareaField.tsx';
import { TextareaInput } from './TextareaInput.tsx';

const question: Question = { key: 'extra_afval', field_type: 'textarea_input', required: true, meta: { label: 'Waar ligt het?', subtitle: 'Zo precies mogelijk' } };

function Harness({ q = question }: { q?: Question }) {
  const [value, setValue] = useState<string | undefined>('');
  return <TextareaInput id="afval" question={q} value={value} onChange={setValue} />;
}

describe('TextareaInput', () => {
  it('starts with 5 rows and counts characters against the default maximum of 1000', async () => {
    render(<Harness />);
    const area = screen.getByRole('textbox', { name: 'Waar ligt het?' });
    expect(area).toHaveAttribute('rows', '5');
    expect(screen.getAllByText('0/1000 tekens')).toHaveLength(2);
    await userEvent.type(area, 'Bij de bank');
    expect(screen.getAllByText('11/1000 tekens')[0]).toBeInTheDocument();
  });

  it('tells screen readers the count once typing pauses', () => {
    vi.useFakeTimers();
    try {
      const { container } = render(<Harness />);
      const live = container.querySelector('[aria-live="polite"]');
      expect(live).toHaveTextContent('0/1000 tekens');
      const area = screen.getByRole('textbox');
      fireEvent.change(area, { target: { value: 'Hal' } });
      act(() => vi.advanceTimersByTime(COUNTER_ANNOUNCE_DELAY_MS - 1));
      fireEvent.change(area, { target: { value: 'Hallo' } });
      act(() => vi.advanceTimersByTime(COUNTER_ANNOUNCE_DELAY_MS - 1));
      // Still typing: the visible counter follows, the announcement waits.
      expect(screen.getByText('5/1000 tekens', { selector: '.ml-counter' })).toBeInTheDocument();
      expect(live).toHaveTextContent('0/1000 tekens');
      act(() => vi.advanceTimersByTime(1));
      expect(live).toHaveTextContent('5/1000 tekens');
    } finally {
      vi.useRealTimers();
    }
  });

  it('uses the maximum of the question in the counter', () => {
    render(<TextareaInput id="a" question={{ ...question, meta: { ...question.meta, maxLength: 200 } }} value="abc" onChange={() => {}} />);
    expect(screen.getAllByText('3/200 tekens')[0]).toBeVisible();
  });

  it('grows with its lines up to 15 rows', () => {
    render(<Harness />);
    const area = screen.getByRole('textbox');
    fireEvent.change(area, { target: { value: 'a\nb\nc\nd\ne\nf\ng' } });
    expect(area).toHaveAttribute('rows', '7');
    fireEvent.change(area, { target: { value: Array.from({ length: 30 }, () => 'x').join('\n') } });
    expect(area).toHaveAttribute('rows', '15');
  });

  it('is described by hint and error', () => {
    render(<TextareaInput id="afval" question={question} value=" " error="Dit is een verplicht veld" onChange={() => {}} />);
    const area = screen.getByRole('textbox', { name: 'Waar ligt het?' });
    expect(area).toHaveAccessibleDescription('Zo precies mogelijk Invoerfout: Dit is een verplicht veld');
    expect(area).toBeInvalid();
  });
});

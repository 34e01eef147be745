import { act, fireEvent, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { renderToString } from 'react-dom/server';
import { hydrateRoot, type Root } from 'react-dom/client';
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
    expect(screen.getAllByText('0/1000 tekens')).toHaveLength(1);
    await userEvent.type(area, 'Bij de bank');
    expect(screen.getAllByText('11/1000 tekens')[0]).toBeInTheDocument();
  });

  it('tells screen readers the count only near and over the limit, once typing pauses', () => {
    vi.useFakeTimers();
    try {
      const { container } = render(<Harness q={{ ...question, meta: { ...question.meta, maxLength: 20 } }} />);
      const live = container.querySelector('[aria-live="polite"]');
      const area = screen.getByRole('textbox');
      // far from the limit: every keystroke changes the visible counter, nothing is announced
      for (const text of ['H', 'Hal', 'Hallo', 'Hallo daar, dit']) {
        fireEvent.input(area, { target: { value: text } });
        act(() => vi.advanceTimersByTime(COUNTER_ANNOUNCE_DELAY_MS));
        expect(screen.getByText(`${text.length}/20 tekens`, { selector: '.ml-counter' })).toBeInTheDocument();
        expect(live).toHaveTextContent(/^$/);
      }
      // 18 of 20: near the limit, announced once typing pauses
      fireEvent.input(area, { target: { value: 'Hallo daar, dit is' } });
      act(() => vi.advanceTimersByTime(COUNTER_ANNOUNCE_DELAY_MS - 1));
      expect(live).toHaveTextContent(/^$/);
      act(() => vi.advanceTimersByTime(1));
      expect(live).toHaveTextContent('18/20 tekens');
      // over the limit
      fireEvent.input(area, { target: { value: 'Hallo daar, dit is te lang' } });
      act(() => vi.advanceTimersByTime(COUNTER_ANNOUNCE_DELAY_MS));
      expect(live).toHaveTextContent('26/20 tekens');
      // back under: quiet again
      fireEvent.input(area, { target: { value: 'Hallo' } });
      act(() => vi.advanceTimersByTime(COUNTER_ANNOUNCE_DELAY_MS));
      expect(live).toHaveTextContent(/^$/);
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
    fireEvent.input(area, { target: { value: 'a\nb\nc\nd\ne\nf\ng' } });
    expect(area).toHaveAttribute('rows', '7');
    fireEvent.input(area, { target: { value: Array.from({ length: 30 }, () => 'x').join('\n') } });
    expect(area).toHaveAttribute('rows', '15');
  });

  it('is described by hint and error', () => {
    render(<TextareaInput id="afval" question={question} value=" " error="Dit is een verplicht veld" onChange={() => {}} />);
    const area = screen.getByRole('textbox', { name: 'Waar ligt het?' });
    expect(area).toHaveAccessibleDescription('Zo precies mogelijk Invoerfout: Dit is een verplicht veld');
    expect(area).toBeInvalid();
  });

  it('hands text typed into the HTML rendered ahead to the app when it takes the page over (hydration)', async () => {
    const container = document.createElement('div');
    container.innerHTML = renderToString(<Harness />);
    document.body.append(container);
    const area = container.querySelector('textarea')!;
    area.value = 'Getypt voor de app er was';
    (globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;
    let root: Root | undefined;
    await act(async () => {
      root = hydrateRoot(container, <Harness />);
    });
    // the same element, its text kept and now in the state: the counter counts it
    expect(container.querySelector('textarea')).toBe(area);
    expect(area.value).toBe('Getypt voor de app er was');
    expect(container.querySelector('.ml-counter')).toHaveTextContent('25/1000 tekens');
    act(() => root?.unmount());
    container.remove();
  });
});

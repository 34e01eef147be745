import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { Question } from '@meldloket/engine';
import { RendererServicesProvider } from '../../context.tsx';
import { HandlingMessage } from './HandlingMessage.tsx';

const question: Question = { key: 'handling_message', field_type: 'handling_message', meta: { label: 'Wat doen we met uw melding?' } };

describe('HandlingMessage', () => {
  it("shows the category's handling message under its heading", () => {
    render(
      <RendererServicesProvider value={{ handlingMessage: 'Wij ruimen het binnen 3 werkdagen op.' }}>
        <HandlingMessage id="hm" question={question} value={undefined} onChange={() => {}} />
      </RendererServicesProvider>,
    );
    expect(screen.getByRole('region', { name: 'Wat doen we met uw melding?' })).toHaveTextContent('Wij ruimen het binnen 3 werkdagen op.');
  });

  it('falls back when the category has none', () => {
    render(<HandlingMessage id="hm" question={question} value={undefined} onChange={() => {}} />);
    expect(screen.getByText('We gaan zo snel mogelijk aan de slag.')).toBeInTheDocument();
  });
});

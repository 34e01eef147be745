import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { createForm, type QuestionSetFile } from '@meldloket/engine';
import { DEMO_QUESTION_SET } from '../fixtures/questions.ts';
import { WidgetRegistryProvider } from '../registry.ts';
import { FormHarness } from '../stories/FormHarness.tsx';
import type { WidgetProps } from '../types.ts';
import { FormRenderer } from './FormRenderer.tsx';

describe('FormRenderer', () => {
  it('renders the visible questions in definition order', () => {
    render(<FormHarness questionSet={DEMO_QUESTION_SET} />);
    expect(screen.getByRole('heading', { name: 'Over de overlast' })).toBeInTheDocument();
    expect(screen.getByRole('group', { name: 'Waar komt de overlast vandaan?' })).toBeInTheDocument();
    expect(screen.getByRole('textbox', { name: 'Wat is er aan de hand?' })).toBeInTheDocument();
    expect(screen.queryByRole('textbox', { name: /naam van het bedrijf/ })).not.toBeInTheDocument();
  });

  it('shows a conditional question when its condition is answered and hides it again', async () => {
    render(<FormHarness questionSet={DEMO_QUESTION_SET} />);
    await userEvent.click(screen.getByRole('radio', { name: 'Een bedrijf' }));
    expect(screen.getByRole('textbox', { name: 'Wat is de naam van het bedrijf? (niet verplicht)' })).toBeInTheDocument();
    await userEvent.click(screen.getByRole('radio', { name: 'Iets anders' }));
    expect(screen.queryByRole('textbox', { name: /naam van het bedrijf/ })).not.toBeInTheDocument();
  });

  it('shows no errors before the field is left or advancing is tried', () => {
    render(<FormHarness questionSet={DEMO_QUESTION_SET} />);
    expect(screen.getByRole('textbox', { name: 'Wat is er aan de hand?' })).not.toHaveAttribute('aria-invalid');
    expect(screen.queryByText('Dit is een verplicht veld')).not.toBeInTheDocument();
  });

  it('shows the error of a field once it was left', async () => {
    render(<FormHarness questionSet={DEMO_QUESTION_SET} />);
    const area = screen.getByRole('textbox', { name: 'Wat is er aan de hand?' });
    await userEvent.type(area, '   ');
    await userEvent.tab();
    expect(area).toHaveAccessibleDescription('Invoerfout: Dit is een verplicht veld');
    expect(screen.getByRole('group', { name: 'Waar komt de overlast vandaan?' })).not.toHaveAccessibleDescription(/Dit veld is verplicht/);
  });

  it('after a failed attempt shows every error and a focused summary with one link per error, named by the visible label', async () => {
    render(<FormHarness questionSet={DEMO_QUESTION_SET} />);
    await userEvent.click(screen.getByRole('button', { name: 'Volgende' }));
    const summary = screen.getByRole('region', { name: 'U hebt niet alle vragen (juist) beantwoord. Vul hieronder aan alstublieft.' });
    expect(summary).toHaveFocus();
    const links = within(summary).getAllByRole('link');
    expect(links.map((link) => link.textContent)).toEqual(['Waar komt de overlast vandaan?: Dit veld is verplicht', 'Wat is er aan de hand?: Dit is een verplicht veld']);
    expect(screen.getByRole('group', { name: 'Waar komt de overlast vandaan?' })).toHaveAccessibleDescription('Invoerfout: Dit veld is verplicht');
  });

  it('moves focus to the field when a summary link is followed', async () => {
    render(<FormHarness questionSet={DEMO_QUESTION_SET} />);
    await userEvent.click(screen.getByRole('button', { name: 'Volgende' }));
    await userEvent.click(screen.getByRole('link', { name: 'Wat is er aan de hand?: Dit is een verplicht veld' }));
    expect(screen.getByRole('textbox', { name: 'Wat is er aan de hand?' })).toHaveFocus();
    await userEvent.click(screen.getByRole('link', { name: 'Waar komt de overlast vandaan?: Dit veld is verplicht' }));
    expect(screen.getByRole('radio', { name: 'Een bedrijf' })).toHaveFocus();
  });

  it('moves focus back to the summary on every further failed attempt', async () => {
    render(<FormHarness questionSet={DEMO_QUESTION_SET} />);
    await userEvent.click(screen.getByRole('button', { name: 'Volgende' }));
    await userEvent.click(screen.getByRole('radio', { name: 'Iets anders' }));
    expect(screen.getByRole('region')).not.toHaveFocus();
    await userEvent.click(screen.getByRole('button', { name: 'Volgende' }));
    expect(screen.getByRole('region', { name: /U hebt niet alle vragen/ })).toHaveFocus();
  });

  it('updates the summary as errors are fixed and advances when all is answered', async () => {
    render(<FormHarness questionSet={DEMO_QUESTION_SET} />);
    await userEvent.click(screen.getByRole('button', { name: 'Volgende' }));
    await userEvent.click(screen.getByRole('radio', { name: 'Iets anders' }));
    expect(screen.queryByRole('link', { name: /Bron/ })).not.toBeInTheDocument();
    await userEvent.type(screen.getByRole('textbox', { name: 'Wat is er aan de hand?' }), 'Harde muziek');
    expect(screen.queryByRole('region')).not.toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Volgende' }));
    expect(screen.getByRole('status')).toHaveTextContent('Alle vragen zijn beantwoord.');
  });

  describe('the one error rule', () => {
    const conditional: QuestionSetFile = {
      questions: [
        { key: 'extra_soort', field_type: 'radio_input', required: true, meta: { label: 'Wat voor melding?', shortLabel: 'Soort', values: { a: 'Iets', b: 'Iets anders' } } },
        { key: 'extra_detail', field_type: 'text_input', required: true, meta: { label: 'Wat precies?', shortLabel: 'Detail', ifOneOf: { extra_soort: 'b' } } },
      ],
    };

    it('shows no error on a question that appears after a refused attempt until it is left or advancing is tried again', async () => {
      const user = userEvent.setup();
      render(<FormHarness questionSet={conditional} />);
      await user.click(screen.getByRole('button', { name: 'Volgende' }));
      expect(screen.getByRole('link', { name: 'Wat voor melding?: Dit veld is verplicht' })).toBeInTheDocument();
      await user.click(screen.getByRole('radio', { name: 'Iets anders' }));
      const detail = screen.getByRole('textbox', { name: 'Wat precies?' });
      expect(detail).not.toHaveAttribute('aria-invalid');
      expect(screen.queryByText('Dit is een verplicht veld')).not.toBeInTheDocument();
      // the fixed error went at once, and with it the summary
      expect(screen.queryByRole('region', { name: /U hebt niet alle vragen/ })).not.toBeInTheDocument();
      await user.click(detail);
      await user.tab();
      expect(detail).toHaveAccessibleDescription('Invoerfout: Dit is een verplicht veld');
      await user.click(screen.getByRole('button', { name: 'Volgende' }));
      expect(within(screen.getByRole('region', { name: /U hebt niet alle vragen/ })).getAllByRole('link').map((link) => link.textContent)).toEqual([
        'Wat precies?: Dit is een verplicht veld',
      ]);
      await user.type(detail, 'Een kapotte bank');
      expect(detail).not.toHaveAttribute('aria-invalid');
      expect(screen.queryByRole('region', { name: /U hebt niet alle vragen/ })).not.toBeInTheDocument();
    });

    it('shows the error of a field left by pressing a button only once the button is released, so the button does not move under the pointer', async () => {
      const user = userEvent.setup();
      render(
        <>
          <FormHarness questionSet={DEMO_QUESTION_SET} />
          <button type="button">Elders</button>
        </>,
      );
      const area = screen.getByRole('textbox', { name: 'Wat is er aan de hand?' });
      await user.type(area, '   ');
      const elsewhere = screen.getByRole('button', { name: 'Elders' });
      await user.pointer({ keys: '[MouseLeft>]', target: elsewhere });
      expect(area).not.toHaveFocus();
      expect(area).not.toHaveAttribute('aria-invalid');
      await user.pointer({ keys: '[/MouseLeft]', target: elsewhere });
      await waitFor(() => expect(area).toHaveAccessibleDescription('Invoerfout: Dit is een verplicht veld'));
    });
  });

  it("refuses 'Volgende' on a blocking answer with the blocking text in the focused error summary, linking to the notice", async () => {
    const BLOCKING = 'U kunt dit formulier niet verder invullen. Lees onder de antwoorden waar u uw melding wel kunt doen.';
    render(<FormHarness questionSet={DEMO_QUESTION_SET} />);
    await userEvent.click(screen.getByRole('radio', { name: 'Een evenement' }));
    await userEvent.click(screen.getByRole('radio', { name: 'Ja' }));
    const alerts = screen.getAllByRole('alert');
    expect(alerts.map((alert) => alert.textContent)).toEqual([BLOCKING, 'Bel 112 en vul dit formulier niet verder in']);
    await userEvent.type(screen.getByRole('textbox', { name: 'Wat is er aan de hand?' }), 'Vuurwerk');
    const volgende = screen.getByRole('button', { name: 'Volgende' });
    expect(volgende).toBeEnabled();
    expect(volgende).not.toHaveAttribute('aria-disabled');
    await userEvent.click(volgende);
    const summary = screen.getByRole('region', { name: BLOCKING });
    expect(summary).toHaveFocus();
    const link = within(summary).getByRole('link', { name: 'Bel 112 en vul dit formulier niet verder in' });
    await userEvent.click(link);
    const notice = screen.getAllByRole('alert').find((alert) => alert.textContent === 'Bel 112 en vul dit formulier niet verder in');
    expect(notice).toHaveFocus();
  });

  it('lists the blocking text among the other errors when the form has both', async () => {
    const BLOCKING = 'U kunt dit formulier niet verder invullen. Lees onder de antwoorden waar u uw melding wel kunt doen.';
    render(<FormHarness questionSet={DEMO_QUESTION_SET} />);
    await userEvent.click(screen.getByRole('radio', { name: 'Een evenement' }));
    await userEvent.click(screen.getByRole('radio', { name: 'Ja' }));
    await userEvent.click(screen.getByRole('button', { name: 'Volgende' }));
    const summary = screen.getByRole('region', { name: /U hebt niet alle vragen/ });
    expect(summary).toHaveFocus();
    expect(within(summary).getAllByRole('link').map((l) => l.textContent)).toEqual(['Wat is er aan de hand?: Dit is een verplicht veld', BLOCKING]);
  });

  it('writes a hidden input value into the answers on mount', () => {
    const onAnswersChange = vi.fn();
    const set: QuestionSetFile = { questions: [{ key: 'source', field_type: 'hidden_input', meta: { value: 'online' } }] };
    render(<FormHarness questionSet={set} onAnswersChange={onAnswersChange} />);
    expect(onAnswersChange).toHaveBeenCalledWith({ source: 'online' });
  });

  it('disables every field when the form is disabled', () => {
    render(<FormHarness questionSet={DEMO_QUESTION_SET} disabled />);
    expect(screen.getByRole('radio', { name: 'Een bedrijf' })).toBeDisabled();
    expect(screen.getByRole('textbox', { name: 'Wat is er aan de hand?' })).toBeDisabled();
  });

  it('draws an evaluation it is given without a form', () => {
    const form = createForm(DEMO_QUESTION_SET);
    const evaluation = form.evaluate({ extra_wat: { id: 'bedrijf', label: 'Een bedrijf' } });
    render(<FormRenderer evaluation={evaluation} answers={{}} onChange={() => {}} idPrefix="vraag-" />);
    expect(screen.getByRole('textbox', { name: /naam van het bedrijf/ })).toHaveAttribute('id', 'vraag-extra_naam_bedrijf');
  });
});

describe('FormRenderer and the widget table', () => {

  const withMap: QuestionSetFile = {
    questions: [
      { key: 'locatie', field_type: 'location_select', meta: { label: 'Waar is het?' } },
      { key: 'kop', field_type: 'question_header', meta: { label: 'Een kop' } },
    ],
  };

  it('shows a visible notice for a map question when no map is available', async () => {
    render(<FormHarness questionSet={withMap} />);
    // the map widgets load on first use
    expect(await screen.findByText('De kaart voor deze vraag is nog niet beschikbaar.')).toBeInTheDocument();
  });

  it('uses the map widget of the registry in context and resolves the question_header alias', () => {
    const MapWidget = ({ id, question }: WidgetProps<unknown>) => <button id={id}>{`Kaart: ${question.meta.label}`}</button>;
    render(
      <WidgetRegistryProvider widgets={{ location_select: MapWidget }}>
        <FormHarness questionSet={withMap} />
      </WidgetRegistryProvider>,
    );
    expect(screen.getByRole('button', { name: 'Kaart: Waar is het?' })).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Een kop' })).toBeInTheDocument();
  });

  it('uses widgets passed as a prop over the registered ones', () => {
    const Custom = ({ question }: WidgetProps<unknown>) => <p>{`Eigen kop ${question.meta.label}`}</p>;
    render(<FormHarness questionSet={withMap} widgets={{ header: Custom }} />);
    expect(screen.getByText('Eigen kop Een kop')).toBeInTheDocument();
  });
});

/** The form kit as a person uses it: the summary that takes the focus and leads to the field, the buttons, a field's error. */
import { render as draw, screen, within, type RenderOptions } from '@testing-library/react';
import { QueryClientProvider } from '@tanstack/react-query';
import type { ReactElement } from 'react';
import { createQueryClient } from '../api/query.ts';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { MemoryRouter } from 'react-router';
import { ApiError } from '@meldloket/engine';
import { describe, expect, it, vi } from 'vitest';
import { CheckboxGroup, CustomField, fieldErrors, Form, FormButtons, FormErrorSummary, TextField, useSubmit } from './index.ts';

/** A save is a write of the app's data layer: every form is drawn inside a query client. */
const render = (ui: ReactElement, options?: RenderOptions) => draw(<QueryClientProvider client={createQueryClient()}>{ui}</QueryClientProvider>, options);

/** A form that sends `name`; the API refuses with `body`. */
function Subject({ body, onCancel }: { body: unknown; onCancel: () => void }) {
  const [name, setName] = useState('');
  const save = useSubmit();
  const submit = () =>
    void save.run(async () => {
      throw new ApiError('refused', 400, body);
    });
  return (
    <Form label="Afdeling" onSubmit={submit}>
      <FormErrorSummary errors={save.errors} fields={{ name: { id: 'dept-name', label: 'Naam' } }} />
      <TextField id="dept-name" label="Naam" required value={name} onChange={setName} error={save.errors.name?.join(' ')} />
      <FormButtons busy={save.busy} cancel={onCancel} />
    </Form>
  );
}

describe('the form kit', () => {
  it('a refused save: the summary takes the focus, its field message leads to the field, a message of no field is text', async () => {
    const user = userEvent.setup();
    render(<Subject body={{ name: ['Deze naam bestaat al.'], non_field_errors: ['Er ging iets mis.'] }} onCancel={() => {}} />);
    await user.click(screen.getByRole('button', { name: 'Opslaan' }));

    const summary = await screen.findByRole('region', { name: 'Er is iets misgegaan' });
    expect(summary).toHaveFocus();
    expect(within(summary).getByText('Er ging iets mis.').closest('a')).toBeNull();
    const field = screen.getByRole('textbox', { name: 'Naam' });
    expect(field).toHaveAccessibleDescription('Invoerfout: Deze naam bestaat al.');
    expect(field).toHaveAttribute('aria-invalid', 'true');

    await user.click(within(summary).getByRole('link', { name: 'Naam: Deze naam bestaat al.' }));
    expect(field).toHaveFocus();

    // a second refusal takes the focus again
    await user.click(screen.getByRole('button', { name: 'Opslaan' }));
    expect(await screen.findByRole('region', { name: 'Er is iets misgegaan' })).toHaveFocus();
  });

  it('cancel is a button that closes the form or a link back', async () => {
    const user = userEvent.setup();
    const onCancel = vi.fn();
    render(<Subject body={{}} onCancel={onCancel} />);
    await user.click(screen.getByRole('button', { name: 'Annuleren' }));
    expect(onCancel).toHaveBeenCalledOnce();

    render(
      <MemoryRouter>
        <Form onSubmit={() => {}}>
          <FormButtons busy cancel="/instellingen/afdelingen" cancelLabel="Annuleer" />
        </Form>
      </MemoryRouter>,
    );
    expect(screen.getByRole('link', { name: 'Annuleer' })).toHaveAttribute('href', '/instellingen/afdelingen');
    expect(screen.getAllByRole('button', { name: 'Opslaan' }).at(-1)).toBeDisabled();
  });

  it('a search form is a search landmark named by its label, checked by the app (no browser bubbles), without a reload', async () => {
    const user = userEvent.setup();
    const onSubmit = vi.fn();
    render(
      <Form role="search" label="Zoek een melder" onSubmit={onSubmit}>
        <TextField id="search-email" type="email" label="E-mailadres" value="geen-adres" onChange={() => {}} />
        <button type="submit">Zoeken</button>
      </Form>,
    );
    const search = screen.getByRole('search', { name: 'Zoek een melder' });
    expect(search).toHaveAttribute('novalidate');
    await user.click(within(search).getByRole('button', { name: 'Zoeken' }));
    expect(onSubmit).toHaveBeenCalledOnce();
  });

  it('a form named by a text on the page (its legend) answers a key of its own, e.g. Escape', async () => {
    const user = userEvent.setup();
    const onEscape = vi.fn();
    render(
      <Form labelledBy="mail-legend" onSubmit={() => {}} onKeyDown={(event) => event.key === 'Escape' && onEscape()}>
        <fieldset>
          <legend id="mail-legend">Mijn e-mails</legend>
          <TextField id="mail-note" label="Notitie" hideOptional value="" onChange={() => {}} />
        </fieldset>
      </Form>,
    );
    const form = screen.getByRole('form', { name: 'Mijn e-mails' });
    expect(form).toHaveAttribute('novalidate');
    await user.click(within(form).getByRole('textbox', { name: 'Notitie' }));
    await user.keyboard('{Escape}');
    expect(onEscape).toHaveBeenCalledOnce();
  });

  it('a refusal without a usable body still says why (its status text); no errors, no summary', () => {
    render(<FormErrorSummary errors={fieldErrors(new ApiError('x', 400, {}))} fields={{}} />);
    // an empty body still says why: the status's Dutch text
    expect(screen.getByRole('region', { name: 'Er is iets misgegaan' })).toBeInTheDocument();
    const { container } = render(<FormErrorSummary errors={{}} />);
    expect(container).toBeEmptyDOMElement();
  });

  it('a refusal its title says in full is a summary with only that title, and takes the focus', () => {
    render(<FormErrorSummary title="Publiceren is mislukt." titleAlone errors={{}} />);
    const summary = screen.getByRole('region', { name: 'Publiceren is mislukt.' });
    expect(summary).toHaveFocus();
    expect(within(summary).queryByRole('listitem')).toBeNull();
  });

  it('a group of checkboxes is a group named by its question; what is ticked is kept in the order it was ticked', async () => {
    const user = userEvent.setup();
    function Statuses() {
      const [values, setValues] = useState<string[]>([]);
      return (
        <>
          <CheckboxGroup id="status" label="Status" options={[{ value: 'm', label: 'Gemeld' }, { value: 'o', label: 'Afgehandeld' }]} values={values} onChange={setValues} />
          <p>Gekozen: {values.join(',')}</p>
        </>
      );
    }
    render(<Statuses />);
    const group = screen.getByRole('group', { name: 'Status' });
    await user.click(within(group).getByRole('checkbox', { name: 'Afgehandeld' }));
    await user.click(within(group).getByRole('checkbox', { name: 'Gemeld' }));
    expect(screen.getByText('Gekozen: o,m')).toBeInTheDocument();
    await user.click(within(group).getByRole('checkbox', { name: 'Afgehandeld' }));
    expect(screen.getByText('Gekozen: m')).toBeInTheDocument();
  });

  it('a control of a screen\'s own in CustomField gets the label, the hint and the error of the shell', () => {
    render(
      <CustomField id="from" label="Vanaf (tijd)" hint="Bijvoorbeeld 08:00." error="Kies een tijd." hideOptional>
        {(control) => <input {...control} type="time" />}
      </CustomField>,
    );
    const field = screen.getByLabelText('Vanaf (tijd)');
    expect(field).toHaveAttribute('type', 'time');
    expect(field).toHaveAccessibleDescription('Bijvoorbeeld 08:00. Invoerfout: Kies een tijd.');
    expect(field).toHaveAttribute('aria-invalid', 'true');
  });
});

import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { FieldShell, describedBy } from './FieldShell.tsx';
import { autocompleteFor } from './question.ts';

describe('FieldShell', () => {
  it('wires label, hint and error to the control with ids ${id}-hint and ${id}-error', () => {
    render(
      <FieldShell id="naam" label="Naam" required hint="Zoals op het bord" error="Dit veld is verplicht">
        {(control) => <input {...control} />}
      </FieldShell>,
    );
    const box = screen.getByRole('textbox', { name: 'Naam' });
    expect(box).toHaveAttribute('aria-describedby', 'naam-hint naam-error');
    expect(box).toHaveAccessibleDescription('Zoals op het bord Invoerfout: Dit veld is verplicht');
    expect(box).toHaveAttribute('aria-invalid', 'true');
    expect(document.getElementById('naam-error')).toHaveTextContent('Invoerfout: Dit veld is verplicht');
  });

  it('leaves out aria-describedby and aria-invalid when there is nothing to say', () => {
    render(<FieldShell id="naam" label="Naam">{(control) => <input {...control} />}</FieldShell>);
    const box = screen.getByRole('textbox', { name: 'Naam (niet verplicht)' });
    expect(box).not.toHaveAttribute('aria-describedby');
    expect(box).not.toHaveAttribute('aria-invalid');
  });

  it('draws a group as a fieldset with a legend, described by hint then error', () => {
    render(
      <FieldShell id="keuze" group label="Kies" required hint="Eén antwoord" error="Dit veld is verplicht">
        {(control) => (
          <>
            <input {...control} type="radio" id="a" name="k" aria-label="A" />
            <input {...control} type="radio" id="b" name="k" aria-label="B" />
          </>
        )}
      </FieldShell>,
    );
    const group = screen.getByRole('group', { name: 'Kies' });
    expect(group.tagName).toBe('FIELDSET');
    expect(group).toHaveAccessibleDescription('Eén antwoord Invoerfout: Dit veld is verplicht');
    // Every option is marked invalid by the shell; only the fieldset is described.
    for (const radio of screen.getAllByRole('radio')) {
      expect(radio).toBeInvalid();
      expect(radio).not.toHaveAttribute('aria-describedby');
    }
  });

  it('leaves the options of a group without an error valid', () => {
    render(
      <FieldShell id="keuze" group label="Kies" required>
        {(control) => <input {...control} type="checkbox" id="a" aria-label="A" />}
      </FieldShell>,
    );
    expect(screen.getByRole('checkbox', { name: 'A' })).toBeValid();
    expect(screen.getByRole('group', { name: 'Kies' })).not.toHaveAttribute('aria-invalid');
  });

  it('builds aria-describedby in the order hint, error', () => {
    expect(describedBy('x', true, true)).toBe('x-hint x-error');
    expect(describedBy('x', false, true)).toBe('x-error');
    expect(describedBy('x', false, false)).toBeUndefined();
  });

  it('gives only valid autocomplete tokens', () => {
    expect(autocompleteFor({ key: 'phone', field_type: 'text_input', meta: {} })).toBe('tel');
    expect(autocompleteFor({ key: 'email', field_type: 'text_input', meta: {} })).toBe('email');
    expect(autocompleteFor({ key: 'x', field_type: 'text_input', meta: { autocomplete: 'postal-code' } })).toBe('postal-code');
    expect(autocompleteFor({ key: 'x', field_type: 'text_input', meta: { autocomplete: 'telefoon' } })).toBeUndefined();
  });
});

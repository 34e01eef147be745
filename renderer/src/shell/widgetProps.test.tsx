import { createRef } from 'react';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import type { Question } from '@meldloket/engine';
import { CheckboxInput } from '../fields/CheckboxInput/index.ts';
import { RadioInput } from '../fields/RadioInput/index.ts';
import { SelectInput } from '../fields/SelectInput/index.ts';
import { TextareaInput } from '../fields/TextareaInput/index.ts';
import { TextInput } from '../fields/TextInput/index.ts';

const choice = (field_type: 'radio_input' | 'checkbox_input'): Question => ({
  key: 'soort',
  field_type,
  meta: { label: 'Wat voor afval?', subtitle: 'Kies wat past', values: { glas: 'Glas', papier: 'Papier' } },
});

describe('what every widget takes besides its answer', () => {
  it('an external description is added to aria-describedby, after hint and error', () => {
    render(
      <>
        <p id="extra">Let op: dit is een voorbeeld</p>
        <TextInput id="naam" question={{ key: 'naam', field_type: 'text_input', meta: { label: 'Naam', subtitle: 'Voluit' } }} value="" error="Dit is een verplicht veld" describedBy="extra" onChange={() => {}} />
        <RadioInput id="soort" question={choice('radio_input')} value={undefined} describedBy="extra" onChange={() => {}} />
      </>,
    );
    const input = screen.getByRole('textbox', { name: /^Naam/ });
    expect(input).toHaveAttribute('aria-describedby', 'naam-hint naam-error extra');
    expect(input).toHaveAccessibleDescription('Voluit Invoerfout: Dit is een verplicht veld Let op: dit is een voorbeeld');
    expect(screen.getByRole('group', { name: /Wat voor afval\?/ })).toHaveAttribute('aria-describedby', 'soort-hint extra');
  });

  it('forwards a ref and native attributes to the control', () => {
    const text = createRef<HTMLElement>();
    const select = createRef<HTMLElement>();
    const radio = createRef<HTMLElement>();
    render(
      <>
        <TextInput id="naam" ref={text} controlProps={{ spellCheck: false, inputMode: 'text', 'data-testid': 'naam-veld' } as never} question={{ key: 'naam', field_type: 'text_input', meta: { label: 'Naam' } }} value="" onChange={() => {}} />
        <SelectInput id="kleur" ref={select} controlProps={{ title: 'Kleur van de bak' }} question={{ key: 'kleur', field_type: 'select_input', meta: { label: 'Kleur', values: { groen: 'Groen' } } }} value={undefined} onChange={() => {}} />
        <RadioInput id="soort" ref={radio} question={choice('radio_input')} value={undefined} onChange={() => {}} />
      </>,
    );
    expect(text.current).toBe(screen.getByRole('textbox', { name: /^Naam/ }));
    expect(text.current).toHaveAttribute('spellcheck', 'false');
    expect(screen.getByTestId('naam-veld')).toBe(text.current);
    expect(select.current).toBe(screen.getByRole('combobox', { name: /Kleur/ }));
    expect(select.current).toHaveAttribute('title', 'Kleur van de bak');
    expect(radio.current).toBe(screen.getByRole('radio', { name: 'Glas' }));
  });

  it('a text area takes the same: extra description, ref and native attributes', () => {
    const area = createRef<HTMLElement>();
    render(
      <>
        <p id="tip">Noem geen namen</p>
        <TextareaInput id="toelichting" ref={area} describedBy="tip" controlProps={{ spellCheck: true }} question={{ key: 'toelichting', field_type: 'textarea_input', meta: { label: 'Toelichting' } }} value="" onChange={() => {}} />
      </>,
    );
    const textarea = screen.getByRole('textbox', { name: /^Toelichting/ });
    expect(area.current).toBe(textarea);
    expect(textarea).toHaveAttribute('spellcheck', 'true');
    expect(textarea).toHaveAccessibleDescription('Noem geen namen');
  });

  it('radio buttons and checkboxes draw their options with the one option list', async () => {
    const onRadio = vi.fn();
    const onCheckbox = vi.fn();
    render(
      <>
        <RadioInput id="r" question={choice('radio_input')} value={{ id: 'glas', label: 'Glas' }} onChange={onRadio} />
        <CheckboxInput id="c" question={{ ...choice('checkbox_input'), key: 'soorten' }} value={[{ id: 'papier', label: 'Papier' }]} onChange={onCheckbox} />
      </>,
    );
    const radios = screen.getAllByRole('radio');
    const boxes = screen.getAllByRole('checkbox');
    expect(radios.map((r) => r.id)).toEqual(['r-glas', 'r-papier']);
    expect(boxes.map((b) => b.id)).toEqual(['c-glas', 'c-papier']);
    expect(screen.getByRole('radio', { name: 'Glas' })).toBeChecked();
    expect(screen.getByRole('checkbox', { name: 'Papier' })).toBeChecked();
    await userEvent.click(screen.getByRole('radio', { name: 'Papier' }));
    expect(onRadio).toHaveBeenCalledWith({ id: 'papier', label: 'Papier' });
    await userEvent.click(screen.getByRole('checkbox', { name: 'Glas' }));
    expect(onCheckbox).toHaveBeenCalledWith([
      { id: 'glas', label: 'Glas' },
      { id: 'papier', label: 'Papier' },
    ]);
  });
});

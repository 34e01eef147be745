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
import { DateTimeInput } from '../fields/DateTimeInput/index.ts';
import { DescriptionWithClassificationInput } from '../fields/DescriptionWithClassificationInput/index.ts';
import { FileInput } from '../fields/FileInput/index.ts';
import { LocationSelect, MapServicesProvider } from '../fields/LocationSelect/index.ts';
import { MultiTextInput } from '../fields/MultiTextInput/index.ts';
import { MapObjectSelect } from '../fields/MapObjectSelect/index.ts';

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
        <TextInput id="naam" ref={text} controlProps={{ dir: 'auto', inputMode: 'text', 'data-testid': 'naam-veld' } as never} question={{ key: 'naam', field_type: 'text_input', meta: { label: 'Naam' } }} value="" onChange={() => {}} />
        <SelectInput id="kleur" ref={select} controlProps={{ title: 'Kleur van de bak' }} question={{ key: 'kleur', field_type: 'select_input', meta: { label: 'Kleur', values: { groen: 'Groen' } } }} value={undefined} onChange={() => {}} />
        <RadioInput id="soort" ref={radio} question={choice('radio_input')} value={undefined} onChange={() => {}} />
      </>,
    );
    expect(text.current).toBe(screen.getByRole('textbox', { name: /^Naam/ }));
    expect(text.current).toHaveAttribute('dir', 'auto');
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

  it('the date, file, multi-text, description and map widgets forward ref, native attributes and an extra description too', () => {
    const refs = { date: createRef<HTMLElement>(), file: createRef<HTMLElement>(), multi: createRef<HTMLElement>(), text: createRef<HTMLElement>(), location: createRef<HTMLElement>(), light: createRef<HTMLElement>() };
    const data = (name: string) => ({ 'data-testid': name }) as never;
    render(
      <MapServicesProvider value={{ Selector: () => null }}>
        <p id="extra">Let op: dit is een voorbeeld</p>
        <DateTimeInput id="wanneer" ref={refs.date} controlProps={data('wanneer')} describedBy="extra" question={{ key: 'wanneer', field_type: 'date_time_input', meta: { label: 'Wanneer?' } }} value={undefined} onChange={() => {}} />
        <FileInput id="fotos" ref={refs.file} controlProps={data('fotos')} describedBy="extra" question={{ key: 'fotos', field_type: 'file_input', meta: { label: "Foto's" } }} value={[]} onChange={() => {}} />
        <MultiTextInput id="nummers" ref={refs.multi} controlProps={data('nummers')} describedBy="extra" question={{ key: 'nummers', field_type: 'multi_text_input', meta: { label: 'Nummers' } }} value={['1', '2']} onChange={() => {}} />
        <DescriptionWithClassificationInput id="omschrijving" ref={refs.text} controlProps={data('omschrijving')} describedBy="extra" question={{ key: 'omschrijving', field_type: 'description_with_classification_input', meta: { label: 'Waar gaat het om?' } }} value="" onChange={() => {}} />
        <LocationSelect id="plek" ref={refs.location} controlProps={data('plek')} describedBy="extra" question={{ key: 'plek', field_type: 'location_select', meta: { label: 'Waar is het?' } }} value={undefined} onChange={() => {}} />
        <MapObjectSelect id="lamp" ref={refs.light} controlProps={data('lamp')} describedBy="extra" question={{ key: 'lamp', field_type: 'streetlight_select', meta: { label: 'Welke lamp?', endpoint: 'x', featureTypes: [] } }} value={undefined} onChange={() => {}} />
      </MapServicesProvider>,
    );
    expect(refs.date.current).toBe(screen.getByRole('radio', { name: 'Nu' }));
    expect(refs.file.current).toBe(document.getElementById('fotos'));
    expect(refs.file.current).toHaveAttribute('type', 'file');
    expect(refs.multi.current).toBe(screen.getByRole('textbox', { name: 'Nummers 1' }));
    expect(refs.text.current).toBe(screen.getByRole('textbox', { name: /^Waar gaat het om\?/ }));
    expect(refs.location.current).toBe(screen.getAllByRole('button', { name: 'Kies locatie' })[0]);
    expect(refs.light.current).toBe(screen.getAllByRole('button', { name: 'Kies locatie' })[1]);
    for (const [name, ref] of Object.entries({ wanneer: refs.date, fotos: refs.file, nummers: refs.multi, omschrijving: refs.text, plek: refs.location, lamp: refs.light })) {
      expect(screen.getByTestId(name)).toBe(ref.current);
    }
    expect(screen.getByRole('group', { name: /Wanneer\?/ })).toHaveAccessibleDescription('Let op: dit is een voorbeeld');
    expect(screen.getByLabelText(/^Foto's/)).toHaveAccessibleDescription('Let op: dit is een voorbeeld');
    expect(screen.getByRole('group', { name: /Nummers/ })).toHaveAccessibleDescription('Let op: dit is een voorbeeld');
    expect(screen.getByRole('textbox', { name: /^Waar gaat het om\?/ })).toHaveAccessibleDescription(/Let op: dit is een voorbeeld$/);
    expect(screen.getByRole('group', { name: /Waar is het\?/ })).toHaveAccessibleDescription('Let op: dit is een voorbeeld');
  });
});

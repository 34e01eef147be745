import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import type { Question } from '@meldloket/engine';
import { RendererServicesProvider, type ClassificationServices } from '../../context.tsx';
import { DescriptionWithClassificationInput } from './DescriptionWithClassificationInput.tsx';

const question: Question = { key: 'description', field_type: 'description_with_classification_input', required: true, meta: { label: 'Waar gaat het om?' } };
const subcategories = [
  { id: 'grofvuil', name: 'Grofvuil', group: 'Afval', description: 'Grote spullen zoals meubels of matrassen.', keywords: ['bank', 'kast'] },
  { id: 'huisafval', name: 'Huisafval', group: 'Afval', description: 'Afval van huishoudens.', keywords: ['vuilniszak'] },
  { id: 'lantaarnpaal', name: 'Lantaarnpaal of straatverlichting', group: 'Wegen, verkeer, straatmeubilair', keywords: ['lamp'] },
  { id: 'terras', name: 'Overlast terrassen', group: 'Overlast bedrijven en horeca', description: 'Lawaai van een café.' },
  { id: 'bomen', name: 'Bomen', group: 'Openbaar groen en water', keywords: ['boom'] },
];

function Harness(props: Partial<ClassificationServices>) {
  const [value, setValue] = useState<string | undefined>('');
  const [selected, setSelected] = useState<string | null>(null);
  return (
    <RendererServicesProvider value={{ classification: { subcategories, selected, onSelect: setSelected, ...props } }}>
      <DescriptionWithClassificationInput id="description" question={question} value={value} onChange={setValue} />
    </RendererServicesProvider>
  );
}

describe('DescriptionWithClassificationInput', () => {
  it('hints not to type personal data and counts up to 1000', () => {
    render(<Harness />);
    const area = screen.getByRole('textbox', { name: 'Waar gaat het om?' });
    expect(area).toHaveAccessibleDescription(/persoonsgegevens/);
    expect(screen.getAllByText('0/1000 tekens')[0]).toBeInTheDocument();
  });

  it('asks for a classification when leaving the field with text, not when empty', async () => {
    const onClassify = vi.fn();
    render(<Harness onClassify={onClassify} />);
    const area = screen.getByRole('textbox', { name: 'Waar gaat het om?' });
    await userEvent.click(area);
    await userEvent.tab();
    expect(onClassify).not.toHaveBeenCalled();
    await userEvent.type(area, 'Grofvuil op straat');
    await userEvent.tab();
    expect(onClassify).toHaveBeenCalledWith('Grofvuil op straat');
  });

  it('shows the suggestion as Subcategorie voorstel: {name}', () => {
    render(<Harness suggestion={{ id: 'boom', name: 'Boom' }} />);
    expect(screen.getByText('Subcategorie voorstel: Boom')).toBeInTheDocument();
  });

  it('is one searchable list: typing filters by name, description and keywords, without regard to accents or case', async () => {
    render(<Harness />);
    const box = screen.getByRole('combobox', { name: 'Subcategorie' });
    expect(box).toHaveAttribute('placeholder', 'Zoek op subcategorie');
    expect(screen.queryByRole('searchbox')).not.toBeInTheDocument();
    const names = () => screen.getAllByRole('option').map((option) => option.textContent);
    await userEvent.type(box, 'LAMP');
    expect(names()).toEqual(['Lantaarnpaal of straatverlichting']);
    await userEvent.clear(box);
    await userEvent.type(box, 'vuilniszak');
    expect(names()).toEqual(['Huisafval']);
    await userEvent.clear(box);
    await userEvent.type(box, 'boom');
    expect(names()).toEqual(['Bomen']);
    await userEvent.clear(box);
    await userEvent.type(box, 'matras');
    expect(names()).toEqual(['Grofvuil']);
    await userEvent.clear(box);
    await userEvent.type(box, 'cafe');
    expect(names()).toEqual(['Overlast terrassen']);
    await userEvent.clear(box);
    await userEvent.type(box, 'xyz');
    expect(screen.getByText('Geen opties beschikbaar')).toBeInTheDocument();
  });

  it('chooses with the arrow keys and Enter, and shows the chosen name', async () => {
    const onSelect = vi.fn();
    render(<Harness onSelect={onSelect} />);
    const box = screen.getByRole('combobox', { name: 'Subcategorie' });
    await userEvent.type(box, 'afval');
    expect(box).toHaveAttribute('aria-expanded', 'true');
    // the best match first: 'afval' is in Huisafval's name, only in Grofvuil's main category
    expect(screen.getAllByRole('option').map((option) => option.textContent).slice(0, 2)).toEqual(['Huisafval', 'Grofvuil']);
    await userEvent.keyboard('{ArrowDown}');
    expect(box).toHaveAttribute('aria-activedescendant', screen.getByRole('option', { name: 'Huisafval' }).id);
    await userEvent.keyboard('{Enter}');
    expect(onSelect).toHaveBeenCalledWith('huisafval');
    expect(box).toHaveAttribute('aria-expanded', 'false');
  });

  it('chooses with a click and keeps the chosen name in the field', async () => {
    render(<Harness />);
    const box = screen.getByRole('combobox', { name: 'Subcategorie' });
    await userEvent.type(box, 'grof');
    await userEvent.click(screen.getByRole('option', { name: 'Grofvuil' }));
    expect(box).toHaveDisplayValue('Grofvuil');
    await userEvent.type(box, '{Escape}');
    expect(box).toHaveDisplayValue('Grofvuil');
    // typing while it shows the chosen name starts a new search, whatever the caret
    await userEvent.type(box, 'lamp', { initialSelectionStart: 8, initialSelectionEnd: 8 });
    expect(box).toHaveDisplayValue('lamp');
    expect(screen.getAllByRole('option').map((o) => o.textContent)).toEqual(['Lantaarnpaal of straatverlichting']);
  });

  it('describes the subcategory choice by its error', () => {
    render(<Harness error="Dit veld is verplicht" />);
    expect(screen.getByRole('combobox', { name: 'Subcategorie' })).toHaveAccessibleDescription('Invoerfout: Dit veld is verplicht');
  });
});

import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import type { Question } from '@meldloket/engine';
import { RendererServicesProvider, type ClassificationServices } from '../../context.tsx';
import { DescriptionWithClassificationInput } from './DescriptionWithClassificationInput.tsx';

const question: Question = { key: 'description', field_type: 'description_with_classification_input', required: true, meta: { label: 'Waar gaat het om?' } };
const subcategories = [
  { id: 'grofvuil', name: 'Grofvuil', group: 'Afval' },
  { id: 'boom', name: 'Boom', group: 'Openbaar groen en water' },
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

  it('filters the subcategories with the search box and says when none match', async () => {
    render(<Harness />);
    const search = screen.getByRole('searchbox', { name: 'Zoeken' });
    expect(search).toHaveAttribute('placeholder', 'Zoek op subcategorie');
    await userEvent.type(search, 'boo');
    expect(screen.getAllByRole('option').map((option) => option.textContent)).toEqual(['Maak een keuze', 'Boom']);
    await userEvent.type(search, 'xyz');
    expect(screen.getByText('Geen opties beschikbaar')).toBeInTheDocument();
  });

  it('stores the chosen subcategory through the services', async () => {
    const onSelect = vi.fn();
    render(<Harness onSelect={onSelect} />);
    await userEvent.selectOptions(screen.getByRole('combobox', { name: 'Subcategorie' }), 'Grofvuil');
    expect(onSelect).toHaveBeenCalledWith('grofvuil');
  });

  it('describes the subcategory choice by its error', () => {
    render(<Harness error="Dit veld is verplicht" />);
    expect(screen.getByRole('combobox', { name: 'Subcategorie' })).toHaveAccessibleDescription('Invoerfout: Dit veld is verplicht');
  });
});

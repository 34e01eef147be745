import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import type { Question } from '@meldloket/engine';
import { MapServicesProvider, type MapSelectorProps } from '../LocationSelect/index.ts';
import { CaterpillarSelect } from './CaterpillarSelect.tsx';

const question: Question = { key: 'extra_caterpillar', field_type: 'caterpillar_select', required: true, meta: { label: 'Om welke eikenboom gaat het?' } };

describe('CaterpillarSelect', () => {
  it('opens the map selector for caterpillar questions and stores what was chosen', async () => {
    const seen: MapSelectorProps[] = [];
    const Selector = (props: MapSelectorProps) => {
      seen.push(props);
      return (
        <button type="button" onClick={() => props.onSubmit({ location: { coordinates: { lat: 52.37, lng: 4.89 } }, selection: [{ id: 'A1', type: 't', description: 'Object', coordinates: { lat: 52.37, lng: 4.89 } }] })}>
          Kies object A1
        </button>
      );
    };
    const onChange = vi.fn();
    render(
      <MapServicesProvider value={{ Selector }}>
        <CaterpillarSelect id="extra_caterpillar" question={question} value={undefined} onChange={onChange} />
      </MapServicesProvider>,
    );
    expect(screen.getByRole('group', { name: 'Om welke eikenboom gaat het?' })).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Kies locatie' }));
    expect(seen[0]).toMatchObject({ kind: 'caterpillar', question });
    await userEvent.click(screen.getByRole('button', { name: 'Kies object A1' }));
    expect(onChange).toHaveBeenCalledWith(expect.objectContaining({ selection: [expect.objectContaining({ id: 'A1' })] }));
  });

  it('lists the chosen objects', () => {
    render(
      <CaterpillarSelect
        id="extra_caterpillar"
        question={question}
        value={{ location: { coordinates: { lat: 52.37, lng: 4.89 } }, selection: [{ id: '7', type: 't', description: 'Object', coordinates: { lat: 52.37, lng: 4.89 } }] }}
        onChange={() => {}}
      />,
    );
    expect(screen.getByRole('heading', { name: 'Gekozen objecten' })).toBeVisible();
    expect(screen.getByRole('listitem')).toHaveTextContent('Object - 7');
  });
});

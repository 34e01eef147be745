import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import type { Question } from '@meldloket/engine';
import { MapServicesProvider, type MapSelectorProps } from '../LocationSelect/index.ts';
import { MapInput } from './MapInput.tsx';

const question: Question = { key: 'extra_location', field_type: 'map_input', required: true, meta: { label: 'Waar is het?' } };

describe('MapInput', () => {
  it('opens the map selector for location questions and stores what was chosen', async () => {
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
        <MapInput id="extra_location" question={question} value={undefined} onChange={onChange} />
      </MapServicesProvider>,
    );
    expect(screen.getByRole('group', { name: 'Waar is het?' })).toBeInTheDocument();
    // not the report's location: its opener is named after the question, never 'Kies locatie'
    expect(screen.queryByRole('button', { name: 'Kies locatie' })).not.toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Kies op de kaart: Waar is het?' }));
    expect(seen[0]).toMatchObject({ kind: 'location', question });
    await userEvent.click(screen.getByRole('button', { name: 'Kies object A1' }));
    expect(onChange).toHaveBeenCalledWith(expect.objectContaining({ selection: [expect.objectContaining({ id: 'A1' })] }));
  });

  it('lists the chosen objects', () => {
    render(
      <MapInput
        id="extra_location"
        question={question}
        value={{ location: { coordinates: { lat: 52.37, lng: 4.89 } }, selection: [{ id: '7', type: 't', description: 'Object', coordinates: { lat: 52.37, lng: 4.89 } }] }}
        onChange={() => {}}
      />,
    );
    expect(screen.getByRole('heading', { name: 'Gekozen objecten' })).toBeVisible();
    expect(screen.getByRole('listitem')).toHaveTextContent('Object - 7');
  });
});

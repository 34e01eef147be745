import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import type { Question } from '@meldloket/engine';
import { MapServicesProvider, type MapSelectorProps } from '../LocationSelect/index.ts';
import { ClockSelect } from './ClockSelect.tsx';

const question: Question = { key: 'extra_clock', field_type: 'clock_select', required: true, meta: { label: 'Om welke klok gaat het?' } };

describe('ClockSelect', () => {
  it('opens the map selector for clock questions and stores what was chosen', async () => {
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
        <ClockSelect id="extra_clock" question={question} value={undefined} onChange={onChange} />
      </MapServicesProvider>,
    );
    expect(screen.getByRole('group', { name: 'Om welke klok gaat het?' })).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Kies locatie' }));
    expect(seen[0]).toMatchObject({ kind: 'clock', question });
    await userEvent.click(screen.getByRole('button', { name: 'Kies object A1' }));
    expect(onChange).toHaveBeenCalledWith(expect.objectContaining({ selection: [expect.objectContaining({ id: 'A1' })] }));
  });

  it('lists the chosen objects', () => {
    render(
      <ClockSelect
        id="extra_clock"
        question={question}
        value={{ location: { coordinates: { lat: 52.37, lng: 4.89 } }, selection: [{ id: '7', type: 't', description: 'Object', coordinates: { lat: 52.37, lng: 4.89 } }] }}
        onChange={() => {}}
      />,
    );
    expect(screen.getByRole('heading', { name: 'Gekozen objecten' })).toBeVisible();
    expect(screen.getByRole('listitem')).toHaveTextContent('Object - 7');
  });
});

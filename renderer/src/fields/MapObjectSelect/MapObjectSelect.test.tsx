import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { MAP_TYPES, type Question } from '@meldloket/engine';
import { DEFAULT_WIDGETS } from '../../registry.ts';
import { MapServicesProvider, type MapSelectorProps } from '../LocationSelect/index.ts';
import { MapObjectSelect } from './MapObjectSelect.tsx';
import { MAP_OBJECT_EXAMPLES } from './examples.ts';

const CHOSEN = { location: { coordinates: { lat: 52.37, lng: 4.89 } }, selection: [{ id: '7', type: 't', description: 'Object', coordinates: { lat: 52.37, lng: 4.89 } }] };

describe('MapObjectSelect', () => {
  it('draws every map type but the report\'s location (location_select), and the registry gives it those types', () => {
    expect(MAP_OBJECT_EXAMPLES.map((e) => e.type).sort()).toEqual([...MAP_TYPES].filter((type) => type !== 'location_select').sort());
    expect(new Set(MAP_OBJECT_EXAMPLES.map((e) => DEFAULT_WIDGETS[e.type])).size).toBe(1);
  });

  describe.each(MAP_OBJECT_EXAMPLES)('$type', ({ question, kind, opener }) => {
    it(`opens the map selector for ${kind} and stores what was chosen`, async () => {
      const seen: MapSelectorProps[] = [];
      const Selector = (props: MapSelectorProps) => {
        seen.push(props);
        return (
          <button type="button" onClick={() => props.onSubmit({ ...CHOSEN, selection: [{ ...CHOSEN.selection[0]!, id: 'A1' }] })}>
            Kies object A1
          </button>
        );
      };
      const onChange = vi.fn();
      render(
        <MapServicesProvider value={{ Selector }}>
          <MapObjectSelect id={question.key} question={question} value={undefined} onChange={onChange} />
        </MapServicesProvider>,
      );
      expect(screen.getByRole('group', { name: question.meta.label as string })).toBeInTheDocument();
      await userEvent.click(screen.getByRole('button', { name: opener }));
      expect(seen[0]).toMatchObject({ kind, question });
      await userEvent.click(screen.getByRole('button', { name: 'Kies object A1' }));
      expect(onChange).toHaveBeenCalledWith(expect.objectContaining({ selection: [expect.objectContaining({ id: 'A1' })] }));
    });

    it('lists the chosen objects', () => {
      render(<MapObjectSelect id={question.key} question={question} value={CHOSEN} onChange={() => {}} />);
      expect(screen.getByRole('heading', { name: 'Gekozen objecten' })).toBeVisible();
      expect(screen.getByRole('listitem')).toHaveTextContent('Object - 7');
    });
  });

  it('asks the map for trees when an asset question validates a tree location', async () => {
    const kinds: string[] = [];
    const Selector = (props: MapSelectorProps) => {
      kinds.push(props.kind);
      return null;
    };
    const tree: Question = { key: 'extra_boom', field_type: 'asset_select', required: true, meta: { label: 'Om welke boom gaat het?', validators: ['required', ['validateObjectLocation', 'boom']] } };
    render(
      <MapServicesProvider value={{ Selector }}>
        <MapObjectSelect id="extra_boom" question={tree} value={undefined} onChange={() => {}} />
      </MapServicesProvider>,
    );
    await userEvent.click(screen.getByRole('button', { name: 'Kies locatie' }));
    expect(kinds[0]).toBe('tree');
  });
});

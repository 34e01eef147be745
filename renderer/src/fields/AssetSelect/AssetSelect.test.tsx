import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import type { Question } from '@meldloket/engine';
import { MapServicesProvider, type MapSelectorProps } from '../LocationSelect/index.ts';
import { AssetSelect } from './AssetSelect.tsx';

const question: Question = { key: 'extra_asset', field_type: 'asset_select', required: true, meta: { label: 'Kies de container op de kaart' } };

describe('AssetSelect', () => {
  it('opens the map selector for asset questions and stores what was chosen', async () => {
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
        <AssetSelect id="extra_asset" question={question} value={undefined} onChange={onChange} />
      </MapServicesProvider>,
    );
    expect(screen.getByRole('group', { name: 'Kies de container op de kaart' })).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Kies locatie' }));
    expect(seen[0]).toMatchObject({ kind: 'asset', question });
    await userEvent.click(screen.getByRole('button', { name: 'Kies object A1' }));
    expect(onChange).toHaveBeenCalledWith(expect.objectContaining({ selection: [expect.objectContaining({ id: 'A1' })] }));
  });

  it('asks the map for trees when the question validates a tree location', async () => {
    const kinds: string[] = [];
    const Selector = (props: MapSelectorProps) => {
      kinds.push(props.kind);
      return null;
    };
    const tree: Question = {
      key: 'extra_boom',
      field_type: 'asset_select',
      required: true,
      meta: { label: 'Om welke boom gaat het?', validators: ['required', ['validateObjectLocation', 'boom']] },
    };
    render(
      <MapServicesProvider value={{ Selector }}>
        <AssetSelect id="extra_boom" question={tree} value={undefined} onChange={() => {}} />
      </MapServicesProvider>,
    );
    await userEvent.click(screen.getByRole('button', { name: 'Kies locatie' }));
    expect(kinds[0]).toBe('tree');
  });

  it('lists the chosen objects', () => {
    render(
      <AssetSelect
        id="extra_asset"
        question={question}
        value={{ location: { coordinates: { lat: 52.37, lng: 4.89 } }, selection: [{ id: '7', type: 't', description: 'Object', coordinates: { lat: 52.37, lng: 4.89 } }] }}
        onChange={() => {}}
      />,
    );
    expect(screen.getByRole('heading', { name: 'Gekozen objecten' })).toBeVisible();
    expect(screen.getByRole('listitem')).toHaveTextContent('Object - 7');
  });
});

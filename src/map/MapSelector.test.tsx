/**
 * The selector's panel: everything a resident can do without the map (keyboard,
 * screen reader). The map itself is replaced by a stand-in that reports a view
 * and offers a click; Leaflet is tried in the end-to-end tests.
 */
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useEffect } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { AssetAnswer, Question } from '@meldloket/engine';
import type { MapFieldKind } from '@meldloket/renderer';
import MapSelector from './MapSelector.tsx';
import type { MapViewProps } from './MapView.tsx';

vi.mock('./MapView.tsx', () => ({
  default: function FakeMap(props: MapViewProps) {
    const { onViewChange, zoom, center } = props;
    const d = 0.002;
    useEffect(() => onViewChange({ zoom, center, bbox: { west: center.lng - d, south: center.lat - d, east: center.lng + d, north: center.lat + d } }), []);
    const report = (zoom: number) => onViewChange({ zoom, center, bbox: { west: center.lng - d, south: center.lat - d, east: center.lng + d, north: center.lat + d } });
    return (
      <div>
        <button type="button" onClick={() => props.onMapClick({ lat: 52.3601, lng: 4.8801 })}>
          klik op de kaart
        </button>
        <button type="button" onClick={() => report(9)}>
          zoom uit naar 9
        </button>
        <button type="button" onClick={() => report(12)}>
          zoom uit naar 12
        </button>
        <button type="button" onClick={() => report(14)}>
          zoom in naar 14
        </button>
        <p data-testid="markers">{props.objects.length}</p>
        <p data-testid="start">{`${center.lat},${center.lng} zoom ${zoom}`}</p>
        <p data-testid="focus">{props.focus ? `${props.focus.point.lat},${props.focus.point.lng} zoom ${props.focus.zoom}` : 'geen'}</p>
      </div>
    );
  },
}));

const lamp = (n: number, reported = false) => ({
  type: 'Feature',
  id: `lichtpunten.${n}`,
  geometry: { type: 'Point', coordinates: [4.8926 + n * 0.0001, 52.3731] },
  properties: { objectnummer: String(100000 + n), objecttype: '5', meldingstatus: reported ? 1 : 0 },
});

const damDoc = {
  id: 'adr-dam-1',
  weergavenaam: 'Dam 1, 1012JS Amsterdam',
  straatnaam: 'Dam',
  huis_nlt: '1',
  huisnummer: 1,
  postcode: '1012JS',
  woonplaatsnaam: 'Amsterdam',
  stadsdeel: 'Centrum',
  centroide_ll: 'POINT(4.8926 52.3731)',
};

let wfs: () => Response;
let calls: string[];

beforeEach(() => {
  calls = [];
  wfs = () => Response.json({ type: 'FeatureCollection', features: [lamp(1), lamp(2), lamp(3), lamp(4, true)] });
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: string) => {
      const url = String(input);
      calls.push(url);
      if (url.includes('/suggest')) return Response.json({ response: { numFound: 1, docs: [damDoc] } });
      if (url.includes('/reverse')) return Response.json({ response: { numFound: 0, docs: [] } });
      if (url.includes('/wfs')) return wfs();
      return new Response('', { status: 404 });
    }),
  );
});
afterEach(() => vi.unstubAllGlobals());

const streetlights: Question = {
  key: 'extra_straatverlichting_nummer',
  field_type: 'streetlight_select',
  meta: { label: 'Om welke lamp gaat het?', maxNumberOfAssets: 2, language: { objectTypeSingular: 'lamp', objectTypePlural: 'lampen' } },
};

function open(kind: MapFieldKind = 'streetlight', question: Question = streetlights, value?: AssetAnswer) {
  const onSubmit = vi.fn();
  const onClose = vi.fn();
  render(<MapSelector kind={kind} question={question} value={value} onSubmit={onSubmit} onClose={onClose} />);
  return { onSubmit, onClose, user: userEvent.setup() };
}

async function searchDam(user: ReturnType<typeof userEvent.setup>) {
  await user.type(screen.getByRole('combobox', { name: 'Zoek op adres of postcode' }), 'Dam 1');
  await screen.findByRole('option', { name: 'Dam 1, 1012JS Amsterdam' });
  await user.keyboard('{ArrowDown}{Enter}');
}

describe('MapSelector without the map', () => {
  it('is a dialog titled Selecteer de locatie with the search field focused', () => {
    open();
    expect(screen.getByRole('dialog', { name: 'Selecteer de locatie' })).toBeInTheDocument();
    expect(screen.getByRole('combobox', { name: 'Zoek op adres of postcode' })).toHaveFocus();
  });

  it("takes its title from the question's language.title", () => {
    open('asset', { key: 'extra_container', field_type: 'asset_select', meta: { label: 'Kies de container', language: { title: 'Selecteer de container', objectTypeSingular: 'container' } } });
    expect(screen.getByRole('dialog', { name: 'Selecteer de container' })).toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 2, name: 'Selecteer de container' })).toBeVisible();
  });

  it('sets the location by address and lists the objects near it, reported ones not selectable', async () => {
    const { user } = open();
    await searchDam(user);
    const summary = await screen.findByRole('heading', { name: 'Locatie' });
    expect(summary.parentElement).toHaveTextContent('CentrumDam 11012 JS Amsterdam');
    const list = await screen.findByRole('region', { name: 'Lampen in de buurt' });
    await within(list).findByRole('checkbox', { name: /100001/ });
    expect(within(list).getAllByRole('checkbox')).toHaveLength(4);
    expect(within(list).getByRole('checkbox', { name: 'Grachtmast - 100004 (is al gemeld)' })).toBeDisabled();
    expect(calls.some((u) => u.includes('/suggest') && u.includes('gemeentenaam%3A(amsterdam)') && u.includes('type%3Aadres'))).toBe(true);
  });

  it('chooses objects up to the maximum, warns past it and deselects on a second click', async () => {
    const { user, onSubmit } = open();
    await searchDam(user);
    const first = await screen.findByRole('checkbox', { name: /100001/ });
    expect(screen.getByRole('button', { name: 'Ga verder zonder lamp' })).toBeVisible();
    await user.click(first);
    await user.click(screen.getByRole('checkbox', { name: /100002/ }));
    expect(screen.getByRole('button', { name: 'Meld dit object' })).toBeVisible();
    const order = () => within(screen.getByRole('region', { name: 'Lampen in de buurt' })).getAllByRole('checkbox').map((c) => c.getAttribute('id'));
    const before = order();
    await user.click(screen.getByRole('checkbox', { name: /100003/ }));
    // the warning is read out (an alert region) and shown over the map, where the resident taps
    const alert = screen.getByRole('alert');
    expect(alert).toHaveTextContent('U kunt maximaal 2 lampen kiezen.');
    expect(alert.closest('.ml-map-selector__map')).not.toBeNull();
    expect(screen.getByRole('checkbox', { name: /100003/ })).not.toBeChecked();
    await user.click(screen.getByRole('button', { name: 'Sluit melding' }));
    expect(screen.getByRole('alert')).toBeEmptyDOMElement();
    await user.click(screen.getByRole('checkbox', { name: /100001/ }));
    // choosing and unchoosing moves nothing in the list
    expect(order()).toEqual(before);
    expect(screen.getByRole('checkbox', { name: /100001/ })).not.toBeChecked();
    await user.click(screen.getByRole('button', { name: 'Meld dit object' }));
    const answer = onSubmit.mock.calls[0][0] as AssetAnswer;
    expect(answer.selection?.map((a) => a.id)).toEqual(['100002']);
    expect(answer.location.coordinates).toEqual({ lat: 52.3731, lng: 4.8928 });
  });

  it('continues without an object: the address is the location', async () => {
    const { user, onSubmit } = open();
    await searchDam(user);
    await screen.findByRole('checkbox', { name: /100001/ });
    await user.click(screen.getByRole('button', { name: 'Ga verder zonder lamp' }));
    expect(onSubmit).toHaveBeenCalledWith({ location: { coordinates: { lat: 52.3731, lng: 4.8926 }, address: expect.objectContaining({ openbare_ruimte: 'Dam', huisnummer: 1 }) } });
  });

  it('clears the location when the address field is emptied', async () => {
    const { user, onSubmit } = open();
    await searchDam(user);
    await screen.findByRole('heading', { name: 'Locatie' });
    await user.click(screen.getByRole('button', { name: 'Input verwijderen' }));
    expect(screen.queryByRole('heading', { name: 'Locatie' })).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Ga verder zonder lamp' }));
    expect(onSubmit).toHaveBeenCalledWith(undefined);
  });

  it('pins a clicked point and says so when it has no address', async () => {
    const { user, onSubmit } = open('location', { key: 'locatie', field_type: 'location_select', meta: { label: 'Waar?', language: { submit: 'Gebruik deze locatie', description: 'Kies de plek waar het probleem is.' } } });
    expect(screen.getByText('Kies de plek waar het probleem is.')).toBeVisible();
    await user.click(screen.getByRole('button', { name: 'klik op de kaart' }));
    expect(await screen.findByText('Locatie is gepind op de kaart')).toBeVisible();
    expect(calls.some((u) => u.includes('/reverse') && u.includes('distance=30') && u.includes('rows=1') && /X=\d+/.test(u))).toBe(true);
    expect(screen.queryByRole('region', { name: /in de buurt/ })).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Gebruik deze locatie' }));
    expect(onSubmit).toHaveBeenCalledWith({ location: { coordinates: { lat: 52.3601, lng: 4.8801 } } });
  });

  it('offers the container as not on the map, with its number', async () => {
    const containers: Question = { key: 'extra_container', field_type: 'asset_select', meta: { label: 'Welke container?', maxNumberOfAssets: 3 } };
    wfs = () => Response.json({ type: 'FeatureCollection', features: [] });
    const { user, onSubmit } = open('asset', containers);
    await searchDam(user);
    expect(await screen.findByText('Er zijn geen containers in de buurt. Versleep de kaart om de containers te zien.')).toBeVisible();
    await user.click(screen.getByRole('checkbox', { name: 'De container staat niet op de kaart' }));
    await user.type(screen.getByRole('textbox', { name: 'Nummer van de container (niet verplicht)' }), 'GLA00123');
    await user.tab();
    await user.click(screen.getByRole('button', { name: 'Meld dit object' }));
    const answer = onSubmit.mock.calls[0][0] as AssetAnswer;
    expect(answer.selection).toEqual([expect.objectContaining({ id: 'GLA00123', type: 'not-on-map', coordinates: { lat: 52.3731, lng: 4.8926 } })]);
  });

  it('says when the objects could not be fetched', async () => {
    wfs = () => new Response('{}', { status: 500 });
    const { user } = open();
    await searchDam(user);
    expect(await screen.findByText('Kaart informatie kon niet worden opgehaald.')).toBeVisible();
    expect(screen.queryByText(/Er zijn geen lampen in de buurt/)).not.toBeInTheDocument();
  });

  it('asks to zoom in when there is no location and the map is zoomed out', async () => {
    open();
    const list = await screen.findByRole('region', { name: 'Lampen in de buurt' });
    await waitFor(() => expect(within(list).getByText('Zoom in om de objecten te zien')).toBeVisible());
  });

  it('starts from the chosen location when opened again', async () => {
    const location = { coordinates: { lat: 52.3731, lng: 4.8926 }, address: { openbare_ruimte: 'Dam', huisnummer: 1, postcode: '1012JS', woonplaats: 'Amsterdam' } };
    open('streetlight', streetlights, { location });
    expect(screen.getByRole('combobox', { name: 'Zoek op adres of postcode' })).toHaveValue('Dam 1, 1012 JS Amsterdam');
    expect(await screen.findByRole('checkbox', { name: /100001/ })).not.toBeChecked();
  });

  it('goes back with Terug or Escape without storing anything', async () => {
    const { user, onClose, onSubmit } = open();
    await user.click(screen.getByRole('button', { name: 'Terug' }));
    expect(onClose).toHaveBeenCalledTimes(1);
    await user.keyboard('{Escape}');
    expect(onClose).toHaveBeenCalledTimes(2);
    expect(onSubmit).not.toHaveBeenCalled();
  });

  it('opens the collapsed panel again when the map is zoomed out below 13, not when zoomed in', async () => {
    const { user } = open();
    await user.click(screen.getByRole('button', { name: 'Sluit paneel' }));
    await user.click(screen.getByRole('button', { name: 'zoom in naar 14' }));
    expect(screen.getByRole('button', { name: 'Open paneel' })).toHaveAttribute('aria-expanded', 'false');
    await user.click(screen.getByRole('button', { name: 'zoom uit naar 12' }));
    expect(screen.getByRole('button', { name: 'Sluit paneel' })).toHaveAttribute('aria-expanded', 'true');
    expect(screen.getByRole('combobox', { name: 'Zoek op adres of postcode' })).toBeVisible();
  });

  it('zooms in to at least 11 when the first location is pinned from further out, and not again for the next', async () => {
    const { user } = open('location', { key: 'locatie', field_type: 'location_select', meta: { label: 'Waar?' } });
    await user.click(screen.getByRole('button', { name: 'zoom uit naar 9' }));
    expect(screen.getByTestId('focus')).toHaveTextContent('geen');
    await user.click(screen.getByRole('button', { name: 'klik op de kaart' }));
    expect(screen.getByTestId('focus')).toHaveTextContent('52.3601,4.8801 zoom 11');
    await screen.findByText('Locatie is gepind op de kaart');
    await user.click(screen.getByRole('button', { name: 'zoom uit naar 9' }));
    const before = screen.getByTestId('focus').textContent;
    await user.click(screen.getByRole('button', { name: 'klik op de kaart' }));
    expect(screen.getByTestId('focus').textContent).toBe(before);
  });

  it('collapses and opens the panel', async () => {
    const { user } = open();
    const toggle = screen.getByRole('button', { name: 'Sluit paneel' });
    expect(toggle).toHaveAttribute('aria-expanded', 'true');
    await user.click(toggle);
    expect(screen.getByRole('button', { name: 'Open paneel' })).toHaveAttribute('aria-expanded', 'false');
    expect(screen.queryByRole('combobox')).not.toBeInTheDocument();
  });

  it('shows the legend and closes it', async () => {
    const { user } = open();
    await user.click(screen.getByRole('button', { name: 'Legenda' }));
    const legend = screen.getByRole('region', { name: 'Legenda' });
    expect(within(legend).getByText('Grachtmast')).toBeVisible();
    await user.click(within(legend).getByRole('button', { name: 'Sluit legenda' }));
    expect(screen.queryByRole('region', { name: 'Legenda' })).not.toBeInTheDocument();
  });
});

describe('MapSelector centre', () => {
  const at = (search: string) => window.history.replaceState(null, '', `/incident/vulaan${search}`);
  afterEach(() => at(''));

  it('starts at the lat and lng of the address bar when they lie inside the map', () => {
    at('?lat=52.36&lng=4.9');
    open();
    expect(screen.getByTestId('start')).toHaveTextContent('52.36,4.9 zoom 11');
  });

  it.each([
    ['outside the bounds', '?lat=51.92&lng=4.48'],
    ['on the edge of the bounds', '?lat=52.25168&lng=4.9'],
    ['not numeric', '?lat=noord&lng=4.9'],
    ['missing one', '?lat=52.36'],
  ])('starts at the configured centre when they are %s', (_, search) => {
    at(search);
    open();
    expect(screen.getByTestId('start')).toHaveTextContent('52.3731081,4.8932945 zoom 11');
  });
});

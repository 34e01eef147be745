import type { Meta, StoryObj } from '@storybook/react-vite';
import { fn } from 'storybook/test';
import { DEFAULT_CONFIG, ConfigProvider, type AppConfig } from '../config/index.ts';
import MapSelector from './MapSelector.tsx';

/** A plain tile, so the stories need no tile server. */
const TILE = 'data:image/png;base64,iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAIAAACQd1PeAAAADElEQVR4nGP48f4PAAXKAshYjvN9AAAAAElFTkSuQmCC';
const config: AppConfig = { ...DEFAULT_CONFIG, map: { ...DEFAULT_CONFIG.map, tiles: { url: TILE, attribution: 'Voorbeeldkaart' } } };

const lamp = (n: number, type: string, reported = false) => ({
  type: 'Feature',
  geometry: { type: 'Point', coordinates: [4.8926 + (n % 4) * 0.0002, 52.3731 + Math.floor(n / 4) * 0.0002] },
  properties: { objectnummer: String(100000 + n), objecttype: type, meldingstatus: reported ? 1 : 0, id_number: `GLA${n}`, fractie_omschrijving: 'Glas', status: 1 },
});
const features = [lamp(1, '5'), lamp(2, '3'), lamp(3, '2', true), lamp(4, '10'), lamp(5, '4'), lamp(6, '1')];
const dam = { weergavenaam: 'Dam 1, 1012JS Amsterdam', straatnaam: 'Dam', huis_nlt: '1', postcode: '1012JS', woonplaatsnaam: 'Amsterdam', stadsdeel: 'Centrum', centroide_ll: 'POINT(4.8926 52.3731)' };

/** Answers the address and object services with examples while a story is shown. */
function mockServices() {
  const original = globalThis.fetch;
  globalThis.fetch = async (input: RequestInfo | URL) => {
    const url = String(input instanceof Request ? input.url : input);
    if (url.includes('/suggest') || url.includes('/reverse')) return Response.json({ response: { numFound: 1, docs: [{ id: 'dam-1', ...dam }] } });
    if (url.includes('/wfs')) return Response.json({ type: 'FeatureCollection', features });
    return original(input);
  };
  return () => {
    globalThis.fetch = original;
  };
}

const location = { coordinates: { lat: 52.3731, lng: 4.8926 }, address: { openbare_ruimte: 'Dam', huisnummer: 1, postcode: '1012JS', woonplaats: 'Amsterdam', stadsdeel: 'Centrum' } };

const meta = {
  title: 'Kaart/Selecteer de locatie',
  component: MapSelector,
  beforeEach: mockServices,
  decorators: [(Story) => <ConfigProvider config={config}>{Story()}</ConfigProvider>],
  parameters: { layout: 'fullscreen', a11y: { context: 'body' } },
  args: {
    kind: 'streetlight',
    question: { key: 'extra_lamp', field_type: 'streetlight_select', meta: { label: 'Om welke lamp gaat het?', maxNumberOfAssets: 3 } },
    value: undefined,
    onSubmit: fn(),
    onClose: fn(),
  },
} satisfies Meta<typeof MapSelector>;
export default meta;
type Story = StoryObj<typeof meta>;

export const Streetlights: Story = {};
export const StreetlightsNearAnAddress: Story = { args: { value: { location } } };
export const StreetlightChosen: Story = {
  args: { value: { location, selection: [{ id: '100001', type: '5', description: 'Grachtmast', label: 'Grachtmast - 100001', coordinates: { lat: 52.3731, lng: 4.8928 } }] } },
};
export const Containers: Story = {
  args: { kind: 'asset', question: { key: 'extra_container', field_type: 'asset_select', meta: { label: 'Welke container?', maxNumberOfAssets: 5 } }, value: { location } },
};
export const LocationOnly: Story = {
  args: { kind: 'location', question: { key: 'locatie', field_type: 'location_select', meta: { label: 'Waar is het?' } } },
};
export const PinnedWithoutAddress: Story = {
  args: { kind: 'location', question: { key: 'locatie', field_type: 'location_select', meta: { label: 'Waar is het?' } }, value: { location: { coordinates: { lat: 52.36, lng: 4.88 } } } },
};

/**
 * The public incidents map (/meldingenkaart) as a resident uses it, without the map itself: the map
 * is a stand-in that reports a view, and the cluster layer draws each report it is given as a
 * button named as the real marker is (Leaflet is tried in public-map.e2e.ts). What the panel shows
 * for the API's data, its loading and failed states, filtering a category, and opening a report.
 */
import { configure, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useEffect } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { API_PATHS, messages } from '@meldloket/engine';
import type { MapViewProps } from '../map/MapView.tsx';
import { renderApp, stubFetch, type FetchHandler } from '../test-utils.tsx';
import type { ClusterLayerProps } from './ClusterLayer.tsx';

configure({ asyncUtilTimeout: 5_000 });

// jsdom has no ResizeObserver (the panel watches its size to know what of the map it covers)
vi.stubGlobal(
  'ResizeObserver',
  class {
    observe() {}
    disconnect() {}
  },
);

vi.mock('../map/MapView.tsx', () => ({
  default: function FakeMap({ center, zoom, onViewChange, children }: MapViewProps) {
    const d = 0.01;
    useEffect(() => onViewChange?.({ zoom, center, bbox: { west: center.lng - d, south: center.lat - d, east: center.lng + d, north: center.lat + d } }), []);
    return <div>{children}</div>;
  },
}));

vi.mock('./ClusterLayer.tsx', async (importOriginal) => {
  const real = await importOriginal<typeof import('./ClusterLayer.tsx')>();
  return {
    ...real,
    ClusterLayer: ({ items, onSelect }: ClusterLayerProps) => (
      <ul aria-label="Meldingen op de kaart (stand-in)">
        {items.map(({ report }, i) => (
          <li key={i}>
            <button type="button" onClick={() => report && onSelect([report])}>
              {report ? real.reportLabel(report) : 'cluster'}
            </button>
          </li>
        ))}
      </ul>
    ),
  };
});

const CATEGORIES = {
  results: [
    { slug: 'afval', name: 'Afval', sub_categories: [{ slug: 'container-is-vol', name: 'Container is vol', is_public_accessible: true }, { slug: 'grofvuil', name: 'Grofvuil', is_public_accessible: true }] },
    { slug: 'wegen', name: 'Wegen', sub_categories: [{ slug: 'gat-in-de-weg', name: 'Gat in de weg', is_public_accessible: true }, { slug: 'geheim', name: 'Geheim', is_public_accessible: false }] },
  ],
};
const feature = (slug: string, name: string, main: { slug: string; name: string }, created_at: string) => ({
  geometry: { coordinates: [4.9, 52.37] },
  properties: { category: { slug, name, parent: main }, created_at },
});
const AFVAL = { slug: 'afval', name: 'Afval' };
const WEGEN = { slug: 'wegen', name: 'Wegen' };
const ALL = [feature('container-is-vol', 'Container is vol', AFVAL, '2026-05-03T10:00:00+02:00'), feature('gat-in-de-weg', 'Gat in de weg', WEGEN, '2026-05-04T10:00:00+02:00')];

/** The API: the category tree and the clusters call, which answers the reports of the categories asked for (each on its own). */
function api(over: FetchHandler = () => undefined) {
  const asked: URLSearchParams[] = [];
  const fetch = stubFetch((url, init) => {
    const answer = over(url, init);
    if (answer) return answer;
    if (init.method === 'HEAD') return { status: 200 };
    const { pathname, searchParams } = new URL(url, 'http://api.test');
    if (pathname === API_PATHS.categories) return { body: CATEGORIES };
    if (pathname === API_PATHS.publicClusters) {
      asked.push(searchParams);
      const subs = searchParams.getAll('category_slug');
      const mains = searchParams.getAll('maincategory_slug');
      const features = ALL.filter((f) => (subs.length === 0 && mains.length === 0) || subs.includes(f.properties.category.slug) || mains.includes(f.properties.category.parent.slug));
      return { body: { type: 'FeatureCollection', features } };
    }
    return undefined;
  });
  return { fetch, asked };
}

const open = (fetch: ReturnType<typeof stubFetch>) => renderApp({ path: '/meldingenkaart', config: { features: { enablePublicIncidentsMap: true } }, fetch });
const markers = () => within(screen.getByRole('list', { name: 'Meldingen op de kaart (stand-in)' }));

describe('the public incidents map', () => {
  it('shows the open reports of the public categories and how many are in view; the filter lists only public subcategories', async () => {
    open(api().fetch);
    expect(await screen.findByRole('heading', { level: 1, name: 'Meldingenkaart' })).toBeInTheDocument();
    expect(await screen.findByText('2 meldingen op de kaart')).toBeInTheDocument();
    expect(markers().getByRole('button', { name: /^Container is vol \(Afval\), gemeld op/ })).toBeInTheDocument();
    expect(markers().getByRole('button', { name: /^Gat in de weg \(Wegen\), gemeld op/ })).toBeInTheDocument();
    const filter = screen.getByRole('group', { name: 'Filter op categorie' });
    expect(within(filter).getByRole('checkbox', { name: 'Afval' })).toBeChecked();
    expect(within(filter).getByRole('checkbox', { name: 'Gat in de weg' })).toBeChecked();
    expect(within(filter).queryByRole('checkbox', { name: 'Geheim' })).not.toBeInTheDocument();
  });

  it('says the reports are loading, and when they cannot be loaded', async () => {
    let release = () => {};
    const held = new Promise<void>((done) => (release = done));
    const { fetch } = api((url) => (new URL(url, 'http://api.test').pathname === API_PATHS.publicClusters ? { status: 500, body: { detail: 'kapot' } } : undefined));
    const slow = vi.fn(async (...args: Parameters<typeof fetch>) => {
      if (args[0].includes('clusters')) await held;
      return fetch(...args);
    });
    open(slow as unknown as typeof fetch);
    expect(await screen.findByText('Meldingen worden geladen…')).toBeInTheDocument();
    release();
    expect(await screen.findByRole('alert')).toHaveTextContent(messages.wfsFailed);
    expect(screen.queryByText('Meldingen worden geladen…')).not.toBeInTheDocument();
  });

  it('without the categories it says so and shows every report', async () => {
    open(api((url) => (new URL(url, 'http://api.test').pathname === API_PATHS.categories ? { status: 500, body: {} } : undefined)).fetch);
    expect(await screen.findByText('De categorieën konden niet worden opgehaald. U ziet alle meldingen.')).toBeInTheDocument();
    expect(await screen.findByText('2 meldingen op de kaart')).toBeInTheDocument();
    expect(screen.queryByRole('group', { name: 'Filter op categorie' })).not.toBeInTheDocument();
  });

  it('filtering a category asks the map for the rest only; a main category half chosen is mixed; nothing chosen shows nothing', async () => {
    const user = userEvent.setup();
    const { fetch, asked } = api();
    open(fetch);
    await screen.findByText('2 meldingen op de kaart');
    const filter = screen.getByRole('group', { name: 'Filter op categorie' });

    await user.click(within(filter).getByRole('checkbox', { name: 'Afval' }));
    await waitFor(() => expect(markers().queryByRole('button', { name: /^Container is vol/ })).not.toBeInTheDocument());
    expect(asked.at(-1)!.getAll('maincategory_slug')).toEqual(['wegen']);
    expect(await screen.findByText('1 melding op de kaart')).toBeInTheDocument();

    await user.click(within(filter).getByRole('checkbox', { name: 'Grofvuil' }));
    expect(within(filter).getByRole('checkbox', { name: 'Afval' })).toHaveAttribute('aria-checked', 'mixed');
    await waitFor(() => expect(asked.at(-1)!.getAll('category_slug').sort()).toEqual(['gat-in-de-weg', 'grofvuil']));

    await user.click(within(filter).getByRole('button', { name: 'Niets tonen' }));
    await waitFor(() => expect(markers().queryAllByRole('button')).toHaveLength(0));
    await user.click(within(filter).getByRole('button', { name: 'Alles tonen' }));
    expect(await markers().findAllByRole('button')).toHaveLength(2);
  });

  it('opening a report shows its category and date in the panel, with the focus on it; closing goes back', async () => {
    const user = userEvent.setup();
    open(api().fetch);
    await user.click(await markers().findByRole('button', { name: /^Gat in de weg \(Wegen\)/ }));
    const detail = screen.getByRole('region', { name: 'Melding' });
    expect(screen.getByRole('heading', { level: 2, name: 'Melding' })).toHaveFocus();
    expect(detail).toHaveTextContent('Gat in de weg (Wegen)');
    expect(within(detail).getByText(/Gemeld op/).querySelector('time')).toHaveAttribute('dateTime', '2026-05-04T10:00:00+02:00');
    await user.click(within(detail).getByRole('button', { name: 'Sluit details' }));
    expect(screen.queryByRole('region', { name: 'Melding' })).not.toBeInTheDocument();
    expect(screen.getByRole('group', { name: 'Filter op categorie' })).toBeInTheDocument();
  });
});

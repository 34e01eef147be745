/**
 * The objects of a layer around the view: a moved view aborts the earlier call,
 * and an aborted call is no failure; a failing call is (docs/reference/texts.md#errors 'Kaart
 * informatie kon niet worden opgehaald.', aborts ignored).
 */
import { act, renderHook, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { FeatureType } from '@meldloket/engine';
import { useObjects } from './useObjects.ts';
import type { Bbox } from './services/index.ts';

const lamp: FeatureType = { label: 'Grachtmast', description: 'Grachtmast', idField: 'objectnummer', typeField: 'objecttype', typeValue: '5' };
const types = { featureTypes: [lamp], featureStatusTypes: [] };
const first: Bbox = { west: 4.89, south: 52.37, east: 4.9, north: 52.38 };
const second: Bbox = { west: 4.91, south: 52.37, east: 4.92, north: 52.38 };

const collection = (id: string) =>
  Response.json({ type: 'FeatureCollection', features: [{ type: 'Feature', geometry: { type: 'Point', coordinates: [4.9, 52.37] }, properties: { objectnummer: id, objecttype: '5' } }] });

let aborted: string[];
beforeEach(() => {
  aborted = [];
});
afterEach(() => vi.unstubAllGlobals());

describe('useObjects', () => {
  it('aborts the call for the old view and shows no failure for it', async () => {
    let answerSecond: (response: Response) => void = () => {};
    vi.stubGlobal(
      'fetch',
      vi.fn((input: string, init: RequestInit) => {
        const url = String(input);
        return new Promise<Response>((resolve, reject) => {
          init.signal?.addEventListener('abort', () => {
            aborted.push(url);
            reject(new DOMException('The operation was aborted.', 'AbortError'));
          });
          if (url.includes('4.910000')) answerSecond = resolve;
        });
      }),
    );
    const { result, rerender } = renderHook(({ box }) => useObjects('/wfs/streetlights', box, types), { initialProps: { box: first } });
    expect(result.current.loading).toBe(true);
    rerender({ box: second });
    expect(aborted).toEqual([expect.stringContaining('bbox=4.890000')]);
    // Let the aborted call settle completely before looking.
    await act(() => new Promise((resolve) => setTimeout(resolve, 0)));
    expect(result.current.failed).toBe(false);
    expect(result.current.loading).toBe(true);
    act(() => answerSecond(collection('200002')));
    await waitFor(() => expect(result.current.objects.map((o) => o.id)).toEqual(['200002']));
    expect(result.current.failed).toBe(false);
    expect(result.current.loading).toBe(false);
  });

  it('reports a failing call as a failure', async () => {
    vi.stubGlobal('fetch', vi.fn(async () => new Response('{}', { status: 502 })));
    const { result } = renderHook(() => useObjects('/wfs/streetlights', first, types));
    await waitFor(() => expect(result.current.failed).toBe(true));
    expect(result.current.objects).toEqual([]);
  });

  it('reports a WFS error answer as a failure', async () => {
    vi.stubGlobal('fetch', vi.fn(async () => Response.json({ error: { message: 'Laag bestaat niet' } })));
    const { result } = renderHook(() => useObjects('/wfs/streetlights', first, types));
    await waitFor(() => expect(result.current.failed).toBe(true));
  });

  it('fetches nothing without a box', () => {
    const fetch = vi.fn();
    vi.stubGlobal('fetch', fetch);
    const { result } = renderHook(() => useObjects('/wfs/streetlights', undefined, types));
    expect(fetch).not.toHaveBeenCalled();
    expect(result.current).toEqual({ objects: [], loading: false, failed: false });
  });
});

/**
 * The public map's clusters (docs/reference/api.md#clusters): the open reports of a filter in
 * one supercluster index (a spatial index per zoom level), so a view is answered with the
 * clusters and single reports it shows, a few hundred at most, however many reports there are.
 *
 * An index is built on first use per filter (every public report, or some categories) and kept
 * until a report or a category is written in any server process (plugins/changes.ts); the
 * process that writes drops its own at once. At most `KEPT` filters are kept, the least used
 * goes first.
 */
import fp from 'fastify-plugin';
import Supercluster from 'supercluster';
import { MAP_CLUSTERS } from '@meldloket/engine';
import type { Db } from '../../db/index.ts';
import type { Changes, Memo } from '../../plugins/changes.ts';
import { openPublicReports, type PublicGeographyFilter, type PublicGeographyRow } from './index.ts';

/** How many filters keep an index (each of every report it shows: about 100 bytes a report). */
const KEPT = 8;

type Leaf = { i: number };
type Summary = { n: number };
type Index = { rows: PublicGeographyRow[]; index: Supercluster<Leaf, Summary> };

export type ClusterFilter = Pick<PublicGeographyFilter, 'mainSlugs' | 'subSlugs'>;

export type ClusterItem =
  | { kind: 'cluster'; lng: number; lat: number; count: number; expansionZoom: number }
  | { kind: 'report'; lng: number; lat: number; row: PublicGeographyRow };

export interface MapClusters {
  /** The clusters and single reports whose position lies in `box` at `zoom`. */
  view(filter: ClusterFilter, box: readonly [number, number, number, number], zoom: number): Promise<ClusterItem[]>;
  /** Forgets every index (after this process wrote a report). */
  drop(): void;
}

async function build(db: Db, filter: ClusterFilter): Promise<Index> {
  const rows = (await openPublicReports(db, filter).orderBy('s.id').execute()) as PublicGeographyRow[];
  const index = new Supercluster<Leaf, Summary>({ radius: MAP_CLUSTERS.radius, maxZoom: MAP_CLUSTERS.maxZoom, minPoints: 2 });
  index.load(rows.map((r, i) => ({ type: 'Feature', geometry: { type: 'Point', coordinates: [r.lng, r.lat] }, properties: { i } })));
  return { rows, index };
}

export function createMapClusters(db: Db, changes: Pick<Changes, 'memo'>): MapClusters {
  const kept = new Map<string, Memo<Index>>();
  const memoOf = (filter: ClusterFilter) => {
    const key = JSON.stringify([[...(filter.mainSlugs ?? [])].sort(), [...(filter.subSlugs ?? [])].sort()]);
    let memo = kept.get(key);
    if (memo) kept.delete(key); // re-inserted below: the most recently used is last
    else memo = changes.memo(['signal', 'category'], () => build(db, filter));
    kept.set(key, memo);
    while (kept.size > KEPT) {
      const [oldest] = kept.keys();
      kept.get(oldest!)!.drop();
      kept.delete(oldest!);
    }
    return memo;
  };
  return {
    async view(filter, box, zoom) {
      const { rows, index } = await memoOf(filter).get();
      return index.getClusters([box[0], box[1], box[2], box[3]], zoom).map((feature): ClusterItem => {
        const [lng, lat] = feature.geometry.coordinates as [number, number];
        const props = feature.properties;
        if ('cluster' in props && props.cluster) {
          return { kind: 'cluster', lng, lat, count: props.point_count, expansionZoom: index.getClusterExpansionZoom(props.cluster_id) };
        }
        // the report's own position (the index keeps it rounded through its projection)
        const row = rows[(props as Leaf).i]!;
        return { kind: 'report', lng: row.lng, lat: row.lat, row };
      });
    },
    drop() {
      for (const memo of kept.values()) memo.drop();
    },
  };
}

declare module 'fastify' {
  interface FastifyInstance {
    mapClusters: MapClusters;
  }
}

/**
 * app.mapClusters. Reports are written by many calls (a resident's report, a status, a
 * category, a merge…): after any call that may have written (not GET or HEAD) and did not
 * fail, this process drops its indexes at once; other processes drop theirs on the notice.
 */
export const mapClustersPlugin = fp(
  async (app) => {
    const clusters = createMapClusters(app.db, app.changes);
    app.decorate('mapClusters', clusters);
    app.addHook('onResponse', async (request, reply) => {
      if (request.method !== 'GET' && request.method !== 'HEAD' && reply.statusCode < 400) clusters.drop();
    });
  },
  { name: 'map-clusters', dependencies: ['database', 'changes'] },
);

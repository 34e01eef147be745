/**
 * The object questions against the embedded server's stand-in WFS layers:
 * each configured object type must find objects there, so a resident
 * actually sees lamps, clocks, containers, street trees and oak trees on the map.
 * An endpoint is a stand-in path or a layer name of the app configuration.
 */
import { fieldTypeOfCode, OBJECT_TYPES } from '@meldloket/engine';
import { describe, expect, it } from 'vitest';
import type { FeatureType, Question } from '@meldloket/engine';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { FOLDER, loadSet, setNames } from './support.ts';

interface LayerFeature {
  properties: Record<string, string | number>;
}
// The server is its own TypeScript project; load its stand-in data at run time.
const layersModule = pathToFileURL(path.join(FOLDER, '..', 'server', 'src', 'routes', 'stand-ins', 'layers.ts')).href;
const { standInLayers } = (await import(layersModule)) as { standInLayers: () => Record<string, LayerFeature[]> };
const LAYERS = standInLayers();
// A layer name of the app configuration resolves through its defaults, as the map does.
const configModule = pathToFileURL(path.join(FOLDER, '..', 'src', 'config', 'defaults.ts')).href;
const { DEFAULT_CONFIG } = (await import(configModule)) as { DEFAULT_CONFIG: { endpoints: { wfs: Record<string, string> } } };

/** The stand-in's short layer names (as in the app configuration) and what they serve. */
const LAYER_OF: Record<string, { layer: string; only?: [string, string] }> = {
  containers: { layer: 'containers' },
  streetlights: { layer: 'lichtpunten' },
  clocks: { layer: 'lichtpunten', only: ['objecttype', '1'] },
  trees: { layer: 'eikenbomen' },
  bomen: { layer: 'bomen' },
};

const objectQuestions: [string, Question][] = setNames.flatMap((name) =>
  loadSet(name).questions.filter((q) => OBJECT_TYPES.has(fieldTypeOfCode(q.field_type)!)).map((q): [string, Question] => [`${name}: ${q.key}`, q]),
);

function featuresOf(question: Question) {
  const endpoint = String(question.meta.endpoint);
  const match = /^\/stand-ins\/wfs\/([a-z]+)/.exec(DEFAULT_CONFIG.endpoints.wfs[endpoint] ?? endpoint);
  const entry = match ? LAYER_OF[match[1]] : undefined;
  if (!entry) throw new Error(`endpoint ${String(question.meta.endpoint)} is not a stand-in layer`);
  const features = LAYERS[entry.layer];
  return entry.only ? features.filter((f) => String(f.properties[entry.only![0]]) === entry.only![1]) : features;
}

const matches = (type: FeatureType, properties: Record<string, unknown>) =>
  !type.typeField || String(properties[type.typeField]) === String(type.typeValue);

describe('object questions find their objects on the stand-in layers', () => {
  it('has an object question for containers, street trees, streetlights, clocks and oak trees', () => {
    expect(objectQuestions.map(([, q]) => q.field_type).sort()).toEqual([
      'asset_select', 'asset_select', 'caterpillar_select', 'clock_select', 'streetlight_select',
    ]);
  });

  it.each(objectQuestions)('%s: every object type occurs on its layer', (_name, question) => {
    const features = featuresOf(question);
    for (const type of question.meta.featureTypes ?? []) {
      if (type.typeValue === 'not-on-map') continue;
      const found = features.filter((f) => matches(type, f.properties));
      expect(found.length, `${type.label}`).toBeGreaterThan(0);
      expect(found[0].properties[type.idField], `${type.label} id field ${type.idField}`).toBeDefined();
    }
  });

  it.each(objectQuestions)('%s: names a layer of the app configuration, so a deployment points it at its own service', (_name, question) => {
    expect(Object.keys(DEFAULT_CONFIG.endpoints.wfs)).toContain(question.meta.endpoint);
  });

  it.each(objectQuestions)('%s: offers choosing a place when the object is not on the map', (_name, question) => {
    expect(question.meta.featureTypes?.some((t) => t.typeValue === 'not-on-map')).toBe(true);
  });

  it.each(objectQuestions.filter(([, q]) => q.meta.featureStatusTypes?.length))(
    '%s: its status values occur on the layer',
    (_name, question) => {
      const features = featuresOf(question);
      for (const status of question.meta.featureStatusTypes ?? []) {
        const found = features.filter((f) => status.statusValues.map(String).includes(String(f.properties[status.statusField])));
        expect(found.length, `${status.typeValue}`).toBeGreaterThan(0);
      }
    },
  );
});

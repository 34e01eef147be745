/**
 * proj4 as the app's browser bundle needs it. The package's entry registers all of its 35 projections
 * and MGRS grid references; the app converts only between WGS84 (longlat, built in) and the Dutch
 * national grid (RD, `+proj=sterea`, see RD_PROJECTION in the engine). This module puts proj4 together
 * from its own parts the way its entry does (lib/index.js), with only the oblique stereographic
 * projection registered, and Vite's build resolves `proj4` here (vite.config.ts), so the engine's
 * conversions and proj4leaflet use it (under Vitest, every project). The built server runs the
 * package's full entry; src/map/proj4-rd.test.ts holds both to the same results.
 */
// @ts-expect-error proj4's parts have no type declarations (only its entry has)
import core from 'proj4/lib/core';
// @ts-expect-error see above
import Proj from 'proj4/lib/Proj';
// @ts-expect-error see above
import Point from 'proj4/lib/Point';
// @ts-expect-error see above
import toPoint from 'proj4/lib/common/toPoint';
// @ts-expect-error see above
import defs from 'proj4/lib/defs';
// @ts-expect-error see above
import nadgrid from 'proj4/lib/nadgrid';
// @ts-expect-error see above
import transform from 'proj4/lib/transform';
// @ts-expect-error see above
import sterea from 'proj4/lib/projections/sterea';
import type Proj4 from 'proj4';

const proj4 = Object.assign(core, {
  defaultDatum: 'WGS84',
  Proj,
  WGS84: new Proj('WGS84'),
  Point,
  toPoint,
  defs,
  nadgrid,
  transform,
  version: 'rd',
}) as typeof Proj4;
Proj.projections.add(sterea);

export default proj4;

/**
 * Stand-ins for the outside map services, so the product works offline and in
 * tests: a PDOK-Locatieserver-style geocoder, WFS-style object layers and RD
 * background tiles. Registered under `/stand-ins`.
 */
import { geocoder } from './geocoder.ts';
import { wfs } from './wfs.ts';
import { tiles } from './tiles.ts';
import type { RoutePlugin } from '../../http/typed.ts';

export const standIns: RoutePlugin = async (app) => {
  await app.register(geocoder, { prefix: '/locatieserver/v3_1' });
  await app.register(geocoder, { prefix: '/locatieserver/v3' });
  await app.register(wfs);
  await app.register(tiles);
};

export default standIns;
export { ADDRESSES } from './addresses.ts';
export { LAYERS } from './layers.ts';

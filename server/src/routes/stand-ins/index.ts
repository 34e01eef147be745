/**
 * Stand-ins for the outside map services, so the product works offline and in
 * tests: a PDOK-Locatieserver-style geocoder, WFS-style object layers and RD
 * background tiles. Registered under `/stand-ins`.
 */
import { geocoder, standInSearch } from './geocoder.ts';
import { standInRegister } from './addresses.ts';
import { standInLayers } from './layers.ts';
import { wfs } from './wfs.ts';
import { tiles } from './tiles.ts';
import type { RoutePlugin } from '../../http/typed.ts';

export const standIns: RoutePlugin = async (app) => {
  await app.register(geocoder, { prefix: '/locatieserver/v3_1' });
  await app.register(geocoder, { prefix: '/locatieserver/v3' });
  await app.register(wfs);
  await app.register(tiles);
  // Their data is built on first use, so a start does not wait for it; a listening server
  // builds it soon after, one part per turn of the event loop, before a map asks.
  app.addHook('onListen', async () => {
    const parts = [standInRegister, standInLayers, standInSearch];
    const next = () => {
      parts.shift()?.();
      if (parts.length > 0) setImmediate(next);
    };
    setTimeout(next, 200).unref();
  });
};

export default standIns;
export { standInRegister, standInLayers, standInSearch };

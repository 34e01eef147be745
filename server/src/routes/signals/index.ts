/** Routes under /signals/v1/public/signals: create, get, attachments, geography. */
import { createRoutes } from './create.ts';
import { attachmentRoutes } from './attachments.ts';
import { geographyRoutes } from './geography.ts';
import type { RoutePlugin } from '../../http/typed.ts';

export interface SignalRoutesOptions {
  throttlePerHour: number;
  maxUploadBytes: number;
}

export const signalRoutes: RoutePlugin<SignalRoutesOptions> = async (app, options) => {
  await app.register(geographyRoutes);
  await app.register(createRoutes, { throttlePerHour: options.throttlePerHour });
  await app.register(attachmentRoutes, { maxUploadBytes: options.maxUploadBytes });
};

export default signalRoutes;
export { createSignalSchema } from './create.ts';

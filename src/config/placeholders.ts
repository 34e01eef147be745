import type { ConfigPlaceholder } from '@meldloket/engine';
import type { AppConfig } from './types.ts';

/** The configuration's values for the question sets' `{phone}` and `{hours}` placeholders. */
export function placeholderValues(config: Pick<AppConfig, 'contact'>): Record<ConfigPlaceholder, string> {
  return { phone: config.contact.phone, hours: config.contact.hours };
}

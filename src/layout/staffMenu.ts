/**
 * The staff menu of docs/reference/screens.md#routes, derived from the configuration (feature flags, the
 * Help link) and the access areas of the signed-in user (docs/reference/permissions.md#roles).
 */
import { APP_PATHS } from '@meldloket/engine';
import type { AppConfig } from '../config/index.ts';
import type { Area } from '../auth/areas.ts';
import { DEFAULT_TEXTS_V1_PATH, DEFAULT_TEXTS_V2_PATH, MY_MAIL_PATH, REPORT_PATH, SETTINGS_PATH, SIGNALERING_PATH } from './paths.ts';


export const SEARCH_PLACEHOLDER = 'Zoek op meldingsinformatie';

/** `account`: the staff member's own items, under their name in the wide menu (in the list when collapsed). */
export type StaffMenuItem = (
  | { key: string; kind: 'link'; label: string; to: string }
  | { key: string; kind: 'external'; label: string; href: string }
  | { key: 'search'; kind: 'search'; label: string }
  | { key: 'logout'; kind: 'logout'; label: string }
) & { account?: true };

/** The accessible name's start of the account button (its visible text is the staff member's name). */
export const ACCOUNT_LABEL = 'Mijn account';


/** The menu, in order, for a signed-in user who may open the areas `can` allows. */
export function staffMenuItems(config: Pick<AppConfig, 'features' | 'links'>, can: (area: Area) => boolean): StaffMenuItem[] {
  const items: StaffMenuItem[] = [
    { key: 'overview', kind: 'link', label: 'Overzicht', to: APP_PATHS.incidents },
    { key: 'search', kind: 'search', label: SEARCH_PLACEHOLDER },
  ];
  // 'Melden' only for those whose staff create call the API accepts (area 'report')
  if (can('report')) items.push({ key: 'report', kind: 'link', label: 'Melden', to: REPORT_PATH });
  items.push({ key: 'signalering', kind: 'link', label: 'Signalering', to: SIGNALERING_PATH });
  if (can('defaultTexts')) {
    const { showStandardTextAdminV1: v1, showStandardTextAdminV2: v2 } = config.features;
    const both = v1 && v2;
    if (v1) items.push({ key: 'defaultTextsV1', kind: 'link', label: both ? 'Standaard teksten (v1)' : 'Standaard teksten', to: DEFAULT_TEXTS_V1_PATH });
    if (v2) items.push({ key: 'defaultTextsV2', kind: 'link', label: both ? 'Standaard teksten (v2)' : 'Standaard teksten', to: DEFAULT_TEXTS_V2_PATH });
  }
  if (can('settings')) items.push({ key: 'settings', kind: 'link', label: 'Instellingen', to: SETTINGS_PATH });
  if (config.links.help) items.push({ key: 'help', kind: 'external', label: 'Help', href: config.links.help });
  // every staff member's own: their mails (docs/routing.md) and signing out
  items.push({ key: 'myMail', kind: 'link', label: 'Mijn mail', to: MY_MAIL_PATH, account: true });
  items.push({ key: 'logout', kind: 'logout', label: 'Uitloggen', account: true });
  return items;
}

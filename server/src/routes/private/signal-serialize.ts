/**
 * The private list representation of a signal (contract §2 response, §11 list items):
 * reporter details masked without `sia_can_view_contact_details`, category
 * departments as a comma separated string of the responsible departments' codes.
 */
import type { Selectable } from 'kysely';
import type { SignalTable } from '../../db/tables.ts';
import { amsterdamIso } from '../../followup/time.ts';
import type { Category, MainCategory } from '../../services/categories/index.ts';
import { displayId } from '../../services/signals/index.ts';
import { PRIVATE } from './serialize.ts';

/** The states of contract §12 with their Dutch names. */
export const STATE_NAMES: Record<string, string> = {
  m: 'Gemeld',
  i: 'In afwachting van behandeling',
  b: 'In behandeling',
  h: 'On hold',
  ingepland: 'Ingepland',
  'ready to send': 'Extern: te verzenden',
  o: 'Afgehandeld',
  a: 'Geannuleerd',
  reopened: 'Heropend',
  s: 'Gesplitst',
  'closure requested': 'Extern: verzoek tot afhandeling',
  'reaction requested': 'Reactie gevraagd',
  'reaction received': 'Reactie ontvangen',
  'forward to external': 'Doorgezet naar extern',
  sent: 'Extern: verzonden',
  'send failed': 'Extern: mislukt',
  'done external': 'Extern: afgehandeld',
  'reopen requested': 'Verzoek tot heropenen',
};

const DAY = 24 * 60 * 60 * 1000;

/** `start` plus `days` calendar days, or working days (Monday to Friday) when not `calendar`. */
export function addDays(start: Date, days: number, calendar: boolean): Date {
  if (calendar) return new Date(start.getTime() + days * DAY);
  let date = new Date(start.getTime());
  let left = days;
  while (left > 0) {
    date = new Date(date.getTime() + DAY);
    const weekday = date.getUTCDay();
    if (weekday !== 0 && weekday !== 6) left -= 1;
  }
  return date;
}

const mask = (value: string | null, visible: boolean) => (value === null || value === '' ? '' : visible ? value : '*****');

export interface SignalContext {
  base: string;
  main: MainCategory;
  sub: Category;
  sla: { n_days: number; use_calendar_days: boolean } | null;
  showContactDetails: boolean;
  hasAttachments: boolean;
  /** Whether the report has child reports (splitting); false when not given. */
  hasChildren?: boolean;
}

export function serializePrivateSignal(row: Selectable<SignalTable>, c: SignalContext) {
  const createdAt = amsterdamIso(row.created_at);
  const address = row.address as Record<string, unknown> | null;
  const deadline = c.sla ? addDays(row.created_at, c.sla.n_days, c.sla.use_calendar_days) : null;
  const deadline3 = c.sla ? addDays(row.created_at, c.sla.n_days * 3, c.sla.use_calendar_days) : null;
  return {
    _links: { self: { href: `${c.base}${PRIVATE}/signals/${row.id}` } },
    _display: `${row.id} - ${row.state} - ${row.buurt_code ?? 'None'} - ${createdAt}`,
    id: row.id,
    id_display: displayId(row.id),
    signal_id: row.uuid,
    source: row.source,
    text: row.text,
    text_extra: row.text_extra,
    status: {
      text: row.state_text,
      user: row.created_by,
      state: row.state,
      state_display: STATE_NAMES[row.state] ?? row.state,
      target_api: null,
      extra_properties: null,
      send_email: false,
      created_at: createdAt,
      email_override: null,
    },
    location: {
      id: row.id,
      stadsdeel: row.stadsdeel,
      buurt_code: row.buurt_code,
      area_type_code: row.area_type_code,
      area_code: row.area_code,
      area_name: row.area_name,
      address,
      address_text: row.address_text,
      postcode: typeof address?.postcode === 'string' ? address.postcode : null,
      geometrie: { type: 'Point', coordinates: [row.lng, row.lat] },
      extra_properties: row.location_extra ?? null,
      created_by: row.created_by,
      bag_validated: false,
    },
    category: {
      sub: c.sub.name,
      sub_slug: c.sub.slug,
      main: c.main.name,
      main_slug: c.main.slug,
      category_url: `${c.base}/signals/v1/public/terms/categories/${c.main.slug}/sub_categories/${c.sub.slug}`,
      departments: c.sub.departments.map((d) => d.code).join(', '),
      created_by: row.created_by,
      text: row.category_text,
      deadline: amsterdamIso(deadline),
      deadline_factor_3: amsterdamIso(deadline3),
    },
    reporter: {
      email: mask(row.reporter_email, c.showContactDetails),
      phone: mask(row.reporter_phone, c.showContactDetails),
      sharing_allowed: row.sharing_allowed,
      allows_contact: true,
    },
    priority: { priority: row.priority, created_by: row.created_by },
    type: { code: row.type_code, created_at: createdAt, created_by: row.created_by },
    created_at: createdAt,
    updated_at: amsterdamIso(row.updated_at),
    incident_date_start: amsterdamIso(row.incident_date_start),
    incident_date_end: amsterdamIso(row.incident_date_end),
    operational_date: null,
    has_attachments: c.hasAttachments,
    extra_properties: row.extra_properties ?? null,
    notes: [],
    directing_departments: [],
    routing_departments: [],
    has_parent: row.parent_id !== null,
    has_children: c.hasChildren ?? false,
    assigned_user_email: null,
  };
}

const str = { type: 'string' } as const;
const strOrNull = { type: ['string', 'null'] } as const;
const anyJson = {} as const;

export const privateSignalSchema = {
  type: 'object',
  properties: {
    _links: { type: 'object', properties: { self: { type: 'object', properties: { href: str } } } },
    _display: str,
    id: { type: 'integer' },
    id_display: str,
    signal_id: str,
    source: str,
    text: str,
    text_extra: str,
    status: {
      type: 'object',
      properties: {
        text: strOrNull,
        user: strOrNull,
        state: str,
        state_display: str,
        target_api: strOrNull,
        extra_properties: anyJson,
        send_email: { type: 'boolean' },
        created_at: str,
        email_override: strOrNull,
      },
    },
    location: {
      type: 'object',
      properties: {
        id: { type: 'integer' },
        stadsdeel: strOrNull,
        buurt_code: strOrNull,
        area_type_code: strOrNull,
        area_code: strOrNull,
        area_name: strOrNull,
        address: anyJson,
        address_text: strOrNull,
        postcode: strOrNull,
        geometrie: { type: 'object', properties: { type: str, coordinates: { type: 'array', items: { type: 'number' } } } },
        extra_properties: anyJson,
        created_by: strOrNull,
        bag_validated: { type: 'boolean' },
      },
    },
    category: {
      type: 'object',
      properties: {
        sub: str,
        sub_slug: str,
        main: str,
        main_slug: str,
        category_url: str,
        departments: str,
        created_by: strOrNull,
        text: strOrNull,
        deadline: strOrNull,
        deadline_factor_3: strOrNull,
      },
    },
    reporter: { type: 'object', properties: { email: str, phone: str, sharing_allowed: { type: 'boolean' }, allows_contact: { type: 'boolean' } } },
    priority: { type: 'object', properties: { priority: str, created_by: strOrNull } },
    type: { type: 'object', properties: { code: str, created_at: str, created_by: strOrNull } },
    created_at: str,
    updated_at: str,
    incident_date_start: str,
    incident_date_end: strOrNull,
    operational_date: strOrNull,
    has_attachments: { type: 'boolean' },
    extra_properties: anyJson,
    notes: { type: 'array', items: anyJson },
    directing_departments: { type: 'array', items: anyJson },
    routing_departments: { type: 'array', items: anyJson },
    has_parent: { type: 'boolean' },
    has_children: { type: 'boolean' },
    assigned_user_email: strOrNull,
  },
} as const;

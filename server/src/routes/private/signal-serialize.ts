/**
 * The private list representation of a signal (docs/reference/api.md#staff-create response, docs/reference/api.md#private list items):
 * reporter details masked without `sia_can_view_contact_details`, category
 * departments as a comma separated string of the responsible departments' codes.
 */
import { apiPath, API_PATHS, slaDeadlines, stateName, type Sla } from '@meldloket/engine';
import type { Selectable } from 'kysely';
import type { SignalTable } from '../../db/tables.ts';
import { amsterdamIso } from '../../followup/time.ts';
import type { Category, MainCategory } from '../../services/categories/index.ts';
import { displayId } from '../../services/signals/index.ts';
import { subPath } from '../terms/serialize.ts';

const mask = (value: string | null, visible: boolean) => (value === null || value === '' ? '' : visible ? value : '*****');

export interface SignalContext {
  base: string;
  main: MainCategory;
  sub: Category;
  sla: Sla | null;
  showContactDetails: boolean;
  hasAttachments: boolean;
  /** The workflow's relations (migration 500); absent: none (a new report). */
  relations?: {
    assignedUserEmail: string | null;
    hasChildren: boolean;
    routingDepartments: { id: number; code: string; name: string; is_intern: boolean }[];
    directingDepartments: { id: number; code: string; name: string; is_intern: boolean }[];
  };
  /** Whether the report has child reports (splitting), when no `relations` are given. */
  hasChildren?: boolean;
  /** How many people report it (docs/duplicates.md: itself, merged duplicates, followers); the list gives it. */
  reporters?: number;
}

export function serializePrivateSignal(row: Selectable<SignalTable>, c: SignalContext) {
  const createdAt = amsterdamIso(row.created_at);
  const address = row.address as Record<string, unknown> | null;
  const deadlines = slaDeadlines(row.created_at, c.sla);
  return {
    _links: { self: { href: `${c.base}${apiPath(API_PATHS.privateSignal, { id: row.id })}` } },
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
      state_display: stateName(row.state),
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
      category_url: `${c.base}${subPath(c.main, c.sub)}`,
      departments: c.sub.departments.map((d) => d.code).join(', '),
      created_by: row.created_by,
      text: row.category_text,
      deadline: amsterdamIso(deadlines?.deadline),
      deadline_factor_3: amsterdamIso(deadlines?.deadline_factor_3),
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
    directing_departments: c.relations?.directingDepartments ?? [],
    routing_departments: c.relations?.routingDepartments ?? [],
    has_parent: (row.parent_id ?? null) !== null,
    has_children: c.relations?.hasChildren ?? c.hasChildren ?? false,
    assigned_user_email: c.relations?.assignedUserEmail ?? null,
    ...(c.reporters !== undefined ? { reporters: c.reporters } : {}),
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
    reporters: { type: 'integer' },
  },
} as const;

/**
 * The detail representation of one report (docs/reference/api.md#private `GET /private/signals/{id}`):
 * the list representation without `signal_id`, `operational_date`, `has_parent` and
 * `has_children`, with the `_links` of the detail (archives, attachments, PDF, reporter
 * context, parent or children), `attachments` as private attachment URLs, and the
 * notes, departments, assignment and latest status change filled in.
 */
import { apiPath, API_PATHS } from '@meldloket/engine';
import { CURIES } from '../../http/hal.ts';
import { amsterdamIso } from '../../followup/time.ts';
import type { SignalDetailData } from '../../services/workflow/detail.ts';
import { historyEntrySchema } from '../../services/workflow/history.ts';
import { splitLinks } from '../../services/split/index.ts';
import { privateSignalSchema, serializePrivateSignal, type SignalContext } from './signal-serialize.ts';

export const signalUrl = (base: string, id: number) => `${base}${apiPath(API_PATHS.privateSignal, { id })}`;

const department = (d: { id: number; code: string; name: string; is_intern: boolean }) => ({ id: d.id, code: d.code, name: d.name, is_intern: d.is_intern });

export function serializeSignalDetail(data: SignalDetailData, c: Omit<SignalContext, 'hasAttachments'>) {
  const { row } = data;
  const list = serializePrivateSignal(row, { ...c, hasAttachments: data.attachmentIds.length > 0 });
  const self = signalUrl(c.base, row.id);
  const links: Record<string, unknown> = {
    curies: CURIES(c.base),
    self: { href: self },
    archives: { href: `${self}/history` },
    'sia:attachments': { href: `${self}/attachments` },
    'sia:pdf': { href: `${self}/pdf` },
    'sia:context': { href: `${self}/context` },
  };
  Object.assign(links, splitLinks(c.base, { parentId: row.parent_id, childIds: data.childIds }));
  const { signal_id: _s, operational_date: _o, has_parent: _p, has_children: _c, ...rest } = list;
  return {
    ...rest,
    _links: links,
    status: {
      ...list.status,
      user: data.status.user,
      send_email: data.status.send_email,
      target_api: data.status.target_api,
      email_override: data.status.email_override,
      extra_properties: data.status.extra_properties,
      created_at: amsterdamIso(data.status.created_at),
    },
    reporter: { ...list.reporter, allows_contact: data.allowsContact },
    location: { ...list.location, created_by: data.changed.location.by },
    category: { ...list.category, created_by: data.changed.category.by },
    priority: { ...list.priority, created_by: data.changed.priority.by },
    type: { ...list.type, created_by: data.changed.type.by, created_at: amsterdamIso(data.changed.type.at) },
    notes: data.notes.map((n) => ({ text: n.text, created_by: n.created_by, created_at: amsterdamIso(n.created_at) })),
    routing_departments: data.routing.map(department),
    directing_departments: data.directing.map(department),
    assigned_user_email: data.assignedUserEmail,
    attachments: data.attachmentIds.map((id) => `${self}/attachments/${id}`),
  };
}

const { signal_id: _s, operational_date: _o, has_parent: _p, has_children: _c, ...listProperties } = privateSignalSchema.properties;
const link = { type: 'object', properties: { href: { type: 'string' } }, required: ['href'] } as const;
const departmentSchema = { type: 'object', properties: { id: { type: 'integer' }, code: { type: 'string' }, name: { type: 'string' }, is_intern: { type: 'boolean' } } } as const;

export const signalDetailSchema = {
  type: 'object',
  properties: {
    ...listProperties,
    _links: {
      type: 'object',
      properties: {
        curies: { type: 'object', properties: { name: { type: 'string' }, href: { type: 'string' } } },
        self: link,
        archives: link,
        'sia:attachments': link,
        'sia:pdf': link,
        'sia:context': link,
        'sia:parent': link,
        'sia:children': { type: 'array', items: link },
      },
    },
    notes: { type: 'array', items: { type: 'object', properties: { text: { type: 'string' }, created_by: { type: ['string', 'null'] }, created_at: { type: 'string' } } } },
    routing_departments: { type: 'array', items: departmentSchema },
    directing_departments: { type: 'array', items: departmentSchema },
    attachments: { type: 'array', items: { type: 'string' } },
  },
} as const;

/** A report's history entry: the entry of every history, with the report's id. */
export const signalHistoryEntrySchema = historyEntrySchema({ _signal: { type: 'integer' } } as const);

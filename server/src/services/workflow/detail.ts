/**
 * What the detail of one report (docs/reference/api.md#private) shows besides its own row: notes,
 * routing and directing departments, the assigned staff member, attachments, the
 * parent and children, and the latest status change (who made it, its send_email,
 * target_api and email_override).
 */
import type { Selectable } from 'kysely';
import type { Db } from '../../db/index.ts';
import type { SignalTable } from '../../db/tables.ts';

export interface DepartmentBrief {
  id: number;
  code: string;
  name: string;
  is_intern: boolean;
}

export interface StatusRecord {
  user: string | null;
  send_email: boolean;
  target_api: string | null;
  email_override: string | null;
  extra_properties: unknown;
  created_at: Date;
}

export interface SignalDetailData {
  row: Selectable<SignalTable>;
  notes: { text: string; created_by: string | null; created_at: Date }[];
  routing: DepartmentBrief[];
  directing: DepartmentBrief[];
  assignedUserEmail: string | null;
  attachmentIds: number[];
  childIds: number[];
  status: StatusRecord;
  /** False when the reporter's latest survey answer asked not to be contacted (Signalen's reporter.allows_contact). */
  allowsContact: boolean;
  /** Who changed the category, priority and type last, and when (the create for an unchanged report). */
  changed: Record<'category' | 'priority' | 'type' | 'location', { by: string | null; at: Date }>;
}

export async function departmentsOf(db: Db, table: 'signal_routing_department' | 'signal_directing_department', signalId: number): Promise<DepartmentBrief[]> {
  return db
    .selectFrom(`${table} as l` as 'signal_routing_department as l')
    .innerJoin('department as d', 'd.id', 'l.department_id')
    .select(['d.id', 'd.code', 'd.name', 'd.is_intern'])
    .where('l.signal_id', '=', signalId)
    .orderBy('d.code')
    .execute();
}

const CHANGE_WHAT = {
  category: 'UPDATE_CATEGORY_ASSIGNMENT',
  priority: 'UPDATE_PRIORITY',
  type: 'UPDATE_TYPE_ASSIGNMENT',
  location: 'UPDATE_LOCATION',
} as const;

export async function loadSignalDetail(db: Db, id: number): Promise<SignalDetailData | undefined> {
  const row = await db.selectFrom('signal').selectAll().where('id', '=', id).executeTakeFirst();
  if (!row) return undefined;
  const [notes, routing, directing, assigned, attachments, children, history, feedback] = await Promise.all([
    db.selectFrom('signal_note').select(['text', 'created_by', 'created_at']).where('signal_id', '=', id).orderBy('created_at', 'desc').orderBy('id', 'desc').execute(),
    departmentsOf(db, 'signal_routing_department', id),
    departmentsOf(db, 'signal_directing_department', id),
    row.assigned_user_id === null ? undefined : db.selectFrom('staff_user').select('email').where('id', '=', row.assigned_user_id).executeTakeFirst(),
    db.selectFrom('attachment').select('id').where('signal_id', '=', id).orderBy('id').execute(),
    db.selectFrom('signal').select('id').where('parent_id', '=', id).orderBy('id').execute(),
    db
      .selectFrom('signal_history')
      .select(['what', 'who', 'extra', 'created_at'])
      .where('signal_id', '=', id)
      .where('what', 'in', ['UPDATE_STATUS', ...Object.values(CHANGE_WHAT)])
      .orderBy('id', 'desc')
      .execute(),
    db
      .selectFrom('feedback_request')
      .select('allows_contact')
      .where('signal_uuid', '=', row.uuid)
      .where('submitted_at', 'is not', null)
      .orderBy('submitted_at', 'desc')
      .executeTakeFirst(),
  ]);
  const latest = (what: string) => history.find((h) => h.what === what);
  const lastStatus = latest('UPDATE_STATUS');
  const extra = (lastStatus?.extra ?? {}) as Record<string, unknown>;
  const created = { by: row.created_by, at: new Date(row.created_at) };
  const changedOf = (what: string) => {
    const h = latest(what);
    return h ? { by: h.who, at: new Date(h.created_at) } : created;
  };
  return {
    row,
    notes: notes.map((n) => ({ ...n, created_at: new Date(n.created_at) })),
    routing,
    directing,
    assignedUserEmail: assigned?.email ?? null,
    attachmentIds: attachments.map((a) => a.id),
    childIds: children.map((c) => c.id),
    allowsContact: feedback?.allows_contact !== false,
    status: lastStatus
      ? {
          user: lastStatus.who,
          send_email: extra.send_email === true,
          target_api: typeof extra.target_api === 'string' ? extra.target_api : null,
          email_override: typeof extra.email_override === 'string' ? extra.email_override : null,
          extra_properties: extra.extra_properties ?? null,
          created_at: new Date(lastStatus.created_at),
        }
      : { user: row.created_by, send_email: false, target_api: null, email_override: null, extra_properties: null, created_at: new Date(row.created_at) },
    changed: {
      category: changedOf(CHANGE_WHAT.category),
      priority: changedOf(CHANGE_WHAT.priority),
      type: changedOf(CHANGE_WHAT.type),
      location: changedOf(CHANGE_WHAT.location),
    },
  };
}

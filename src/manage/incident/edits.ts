/** The editable fields of a report besides its status (docs/reference/api.md#private PATCH blocks), as choices and bodies. */
import type { IncidentDetail, IncidentPatch, StaffUserItem } from './api.ts';
import { INCIDENT_TEXTS } from './texts.ts';

export type EditKind = 'priority' | 'type' | 'category' | 'assignment' | 'routing' | 'directing' | 'location';

export interface Choice {
  value: string;
  label: string;
  group?: string;
}

const F = INCIDENT_TEXTS.fields;

export const EDIT_LABELS: Record<EditKind, string> = {
  priority: F.priority,
  type: F.type,
  category: F.category,
  assignment: F.assignedUser,
  routing: F.routing,
  directing: F.directing,
  location: F.location,
};

/** The department a report is routed to ('' : none, the subcategory's responsible one), or that directs it ('': none). */
export const NO_DEPARTMENT = '';
export function departmentChoices(kind: 'routing' | 'directing', departments: readonly { id: number; code: string; name: string }[], responsible: string): Choice[] {
  const none = kind === 'routing' ? F.routingFallback(responsible || F.empty) : F.noDirecting;
  return [
    { value: NO_DEPARTMENT, label: none },
    ...[...departments].sort((a, b) => a.name.localeCompare(b.name, 'nl')).map((d) => ({ value: String(d.id), label: `${d.name} (${d.code})` })),
  ];
}

/** docs/reference/screens.md#entities 'Priority', in its order. */
export const priorityChoices = (): Choice[] => (['high', 'normal', 'low'] as const).map((value) => ({ value, label: INCIDENT_TEXTS.priorities[value]! }));

/** docs/reference/screens.md#entities 'Incident types' (MAI is 'Projecten' under the flag). */
export const typeChoices = (projects: boolean): Choice[] =>
  ['SIG', 'REQ', 'QUE', 'COM', 'MAI'].map((value) => ({ value, label: value === 'MAI' && projects ? INCIDENT_TEXTS.typeProjects : INCIDENT_TEXTS.types[value]! }));

/** Assignment: 'Niet toegewezen' (docs/reference/screens.md#entities) and the active users of the report's departments. */
export const NOT_ASSIGNED = '';
export function userChoices(users: readonly StaffUserItem[]): Choice[] {
  return [
    { value: NOT_ASSIGNED, label: F.notAssigned },
    ...users.map((u) => ({ value: u.username, label: [u.first_name, u.last_name].filter(Boolean).join(' ') ? `${[u.first_name, u.last_name].filter(Boolean).join(' ')} (${u.username})` : u.username })),
  ];
}


export function currentValue(kind: Exclude<EditKind, 'location'>, detail: IncidentDetail, categoryUrl: string | null): string {
  switch (kind) {
    case 'priority':
      return detail.priority.priority;
    case 'type':
      return detail.type.code;
    case 'assignment':
      return detail.assigned_user_email ?? NOT_ASSIGNED;
    case 'category':
      return categoryUrl ?? '';
    case 'routing':
      return String(detail.routing_departments?.[0]?.id ?? NO_DEPARTMENT);
    case 'directing':
      return String(detail.directing_departments?.[0]?.id ?? NO_DEPARTMENT);
  }
}

export function editPatch(kind: Exclude<EditKind, 'location'>, value: string, reason = ''): IncidentPatch {
  switch (kind) {
    case 'priority':
      return { priority: { priority: value as NonNullable<IncidentPatch['priority']>['priority'] } };
    case 'type':
      return { type: { code: value } };
    case 'assignment':
      return { assigned_user_email: value === NOT_ASSIGNED ? null : value };
    case 'category':
      return { category: { sub_category: value } };
    case 'routing':
      return { routing_departments: value === NO_DEPARTMENT ? null : [{ id: Number(value) }], ...(reason.trim() ? { routing_reason: reason.trim() } : {}) };
    case 'directing':
      return { directing_departments: value === NO_DEPARTMENT ? [] : [{ id: Number(value) }] };
  }
}

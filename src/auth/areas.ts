/**
 * The access areas of the back office (docs/reference/permissions.md#roles): which permission codenames open
 * which part. This table alone decides which menu items, routes and buttons a
 * signed-in staff member gets; everything else asks `canAccess`.
 */

/** Area → any of these codenames opens it. */
export const AREAS = {
  settings: [
    'view_group',
    'add_group',
    'change_group',
    'add_user',
    'change_user',
    'view_department',
    'add_department',
    'change_department',
    'view_category',
    'change_category',
    'sia_signal_report',
    'sia_privacy_officer',
    'sia_reporter_rights',
    'sia_routing_write',
    'sia_area_write',
    'sia_questionset_write',
  ],
  groups: ['view_group', 'add_group', 'change_group'],
  groupForm: ['add_group', 'change_group'],
  users: ['view_user', 'add_user', 'change_user'],
  userForm: ['add_user', 'change_user'],
  departments: ['view_department', 'add_department', 'change_department'],
  departmentForm: ['add_department', 'change_department'],
  categories: ['view_category', 'change_category'],
  categoryForm: ['change_category'],
  csvExport: ['sia_signal_report'],
  /** The privacy officer's section (docs/privacy.md). */
  privacy: ['sia_privacy_officer'],
  /** A reporter's rights: find, export, erase everything about one address or number (docs/privacy.md). */
  reporterRights: ['sia_reporter_rights'],
  /** The routing rules (docs/routing.md). */
  routing: ['sia_routing_write'],
  /** The areas and their import (docs/routing.md). */
  areas: ['sia_area_write'],
  /** The question-set studio (docs/studio-api.md): reading it needs the write right too. */
  questionSets: ['sia_questionset_write'],
  /** Default texts (standaardteksten) need the template right (docs/reference/api.md#questions). */
  defaultTexts: ['sia_statusmessagetemplate_write'],
  /** Reporting as staff ('Melden'): the private create call (docs/reference/api.md#staff-create) needs the create right… */
  report: ['sia_signal_create_initial'],
  /*
   * The actions on one report (/manage/incident/{id}); each is a private write, so each also
   * needs `sia_write` (AREAS_ALSO_NEED). The extra right is the one the API checks (docs/reference/api.md#private,
   * docs/reference/permissions.md#permissions-and-scoping): a button is offered only when the call behind it would be allowed.
   */
  /** 'Status wijzigen' (the PATCH's status block). */
  changeStatus: ['sia_signal_change_status'],
  /** 'Notitie toevoegen' (the notes block). */
  addNote: ['sia_signal_create_note'],
  /** 'Subcategorie wijzigen' (the category block). */
  changeCategory: ['sia_signal_change_category'],
  /** Urgency, type, assignment, location and linking nearby reports: `sia_write` alone. */
  editIncident: ['sia_write'],
  /** Merging duplicates into a main report and undoing it (docs/duplicates.md): it closes reports, so the status right. */
  merge: ['sia_signal_change_status'],
  /** Splitting: a bulk create with `parent` (docs/reference/api.md#staff-create; `sia_split` is not enforced there, docs/reference/permissions.md#permissions-and-scoping). */
  split: ['sia_signal_create_initial'],
  /** Saving, updating and deleting one's filters (`/me/filters/` writes need `sia_write`). */
  saveFilter: ['sia_write'],
  /** Adding a staff attachment. */
  addAttachment: ['sia_add_attachment'],
  /** Changing an attachment's caption. */
  changeAttachment: ['sia_change_attachment'],
} as const satisfies Record<string, readonly string[]>;

/**
 * Deleting an attachment (docs/reference/permissions.md#permissions-and-scoping): the right for the kind of report it hangs on, and
 * for an attachment of the reporter or of another staff member also that right.
 */
export const ATTACHMENT_DELETE = {
  normal: 'sia_delete_attachment_of_normal_signal',
  parent: 'sia_delete_attachment_of_parent_signal',
  child: 'sia_delete_attachment_of_child_signal',
  anonymous: 'sia_delete_attachment_of_anonymous_user',
  otherUser: 'sia_delete_attachment_of_other_user',
} as const;

export type Area = keyof typeof AREAS;

/**
 * …and, as every private write, `sia_write` too (docs/reference/api.md#private base rule): codenames
 * an area needs all of, besides one of its own. A read-only account sees no 'Melden'.
 */
export const AREAS_ALSO_NEED: Partial<Record<Area, readonly string[]>> = {
  report: ['sia_write'],
  changeStatus: ['sia_write'],
  merge: ['sia_write'],
  addNote: ['sia_write'],
  changeCategory: ['sia_write'],
  split: ['sia_write'],
  addAttachment: ['sia_write'],
  changeAttachment: ['sia_write'],
};

/** What the app reads of a permission. */
export interface PermissionRef {
  codename: string;
}

/** The parts of `GET /signals/v1/private/me/` the permission checks read. */
export interface MeForAccess {
  is_superuser?: boolean;
  permissions?: readonly PermissionRef[];
  roles?: ReadonlyArray<{ permissions?: readonly PermissionRef[] }>;
}

/**
 * A user's permissions: the union of the direct ones and those of every role
 * (`/me/` lists only the direct ones under `permissions`, docs/reference/api.md#private).
 */
export function userPermissions(me: MeForAccess | null | undefined): Set<string> {
  const codenames = new Set<string>();
  if (!me) return codenames;
  for (const permission of me.permissions ?? []) codenames.add(permission.codename);
  for (const role of me.roles ?? []) for (const permission of role.permissions ?? []) codenames.add(permission.codename);
  return codenames;
}

/** Whether the user may open `area`: a superuser may do everything, others need any of its codenames. */
export function canAccess(me: MeForAccess | null | undefined, area: Area, permissions: Set<string> = userPermissions(me)): boolean {
  if (!me) return false;
  if (me.is_superuser) return true;
  return AREAS[area].some((codename) => permissions.has(codename)) && (AREAS_ALSO_NEED[area] ?? []).every((codename) => permissions.has(codename));
}

/** Every area the user may open. */
export function accessibleAreas(me: MeForAccess | null | undefined): Set<Area> {
  const permissions = userPermissions(me);
  return new Set((Object.keys(AREAS) as Area[]).filter((area) => canAccess(me, area, permissions)));
}

/** Whether the user may delete an attachment of `reportKind` made by `createdBy` (null: the reporter). */
export function canDeleteAttachment(
  me: (MeForAccess & { username?: string }) | null | undefined,
  reportKind: 'normal' | 'parent' | 'child',
  createdBy: string | null | undefined,
  permissions: Set<string> = userPermissions(me),
): boolean {
  if (!me) return false;
  if (me.is_superuser) return true;
  if (!permissions.has('sia_write') || !permissions.has(ATTACHMENT_DELETE[reportKind])) return false;
  if (!createdBy) return permissions.has(ATTACHMENT_DELETE.anonymous);
  return createdBy.toLowerCase() === (me.username ?? '').toLowerCase() || permissions.has(ATTACHMENT_DELETE.otherUser);
}

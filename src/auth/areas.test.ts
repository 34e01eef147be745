import { describe, expect, it } from 'vitest';
import { accessibleAreas, AREAS, canAccess, userPermissions } from './areas.ts';

const perm = (codename: string) => ({ codename });

describe('access areas (docs/reference/permissions.md#roles)', () => {
  it('takes the union of the direct permissions and those of every role', () => {
    const me = {
      permissions: [perm('sia_read'), perm('view_user')],
      roles: [{ permissions: [perm('sia_write'), perm('sia_read')] }, { permissions: [perm('view_category')] }],
    };
    expect([...userPermissions(me)].sort()).toEqual(['sia_read', 'sia_write', 'view_category', 'view_user']);
  });

  it('opens an area with any one of its codenames, from a role or given directly', () => {
    const viaRole = { permissions: [], roles: [{ permissions: [perm('change_department')] }] };
    expect(canAccess(viaRole, 'departments')).toBe(true);
    expect(canAccess(viaRole, 'departmentForm')).toBe(true);
    expect(canAccess(viaRole, 'settings')).toBe(true);
    expect(canAccess(viaRole, 'users')).toBe(false);
    const direct = { permissions: [perm('view_department')], roles: [] };
    expect(canAccess(direct, 'departments')).toBe(true);
    expect(canAccess(direct, 'departmentForm')).toBe(false);
  });

  it('gives settings access for a CSV report right alone, but not the groups, users or categories', () => {
    const reporter = { roles: [{ permissions: [perm('sia_signal_report')] }] };
    expect([...accessibleAreas(reporter)].sort()).toEqual(['csvExport', 'settings']);
  });

  it('gives a handler with only signal rights the staff report and the report actions of those rights, no settings area', () => {
    const handler = { roles: [{ permissions: ['sia_read', 'sia_write', 'sia_signal_create_initial', 'sia_signal_change_status'].map(perm) }] };
    expect([...accessibleAreas(handler)]).toEqual(['report', 'changeStatus', 'editIncident', 'merge', 'split', 'saveFilter']);
  });

  it('gives a read-only user no action on a report', () => {
    expect([...accessibleAreas({ roles: [{ permissions: [perm('sia_read')] }] })]).toEqual([]);
    // a right without sia_write opens nothing: every action is a private write
    expect(canAccess({ roles: [{ permissions: [perm('sia_read'), perm('sia_signal_create_note')] }] }, 'addNote')).toBe(false);
    expect(canAccess({ roles: [{ permissions: [perm('sia_write'), perm('sia_signal_create_note')] }] }, 'addNote')).toBe(true);
  });

  it('opens the staff report only with both the create right and sia_write, as the create call asks', () => {
    expect(canAccess({ roles: [{ permissions: [perm('sia_read')] }] }, 'report')).toBe(false);
    expect(canAccess({ roles: [{ permissions: [perm('sia_read'), perm('sia_write')] }] }, 'report')).toBe(false);
    expect(canAccess({ roles: [{ permissions: [perm('sia_signal_create_initial')] }] }, 'report')).toBe(false);
    expect(canAccess({ permissions: [perm('sia_write')], roles: [{ permissions: [perm('sia_signal_create_initial')] }] }, 'report')).toBe(true);
  });

  it('opens default texts only with the template right', () => {
    expect(canAccess({ permissions: [perm('sia_statusmessagetemplate_write')] }, 'defaultTexts')).toBe(true);
    expect(canAccess({ permissions: [perm('sia_statusmessage_write')] }, 'defaultTexts')).toBe(false);
  });

  it('lets a superuser into every area without any permission', () => {
    expect(accessibleAreas({ is_superuser: true, permissions: [], roles: [] })).toEqual(new Set(Object.keys(AREAS)));
  });

  it('opens nothing for nobody', () => {
    expect(canAccess(null, 'settings')).toBe(false);
    expect(accessibleAreas(undefined).size).toBe(0);
  });
});

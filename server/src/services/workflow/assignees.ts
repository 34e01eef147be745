/**
 * Who a report can be assigned to: the active colleagues of the report's departments
 * (those responsible for its subcategory and those it is routed to) who may open it
 * (department scoping, docs/reference/permissions.md#permissions-and-scoping) and handle it (`sia_read` and `sia_write`). The
 * PATCH refuses any other assignee with the same rule (`mayHandle` + `maySeeSignal`).
 */
import { sql } from 'kysely';
import { maySeeSignal } from '../../auth/scoping.ts';
import { hasPermission, loadStaffUser, type StaffUser } from '../../auth/users.ts';
import type { Db } from '../../db/index.ts';

/** Whether `user` may handle reports at all: read and write them. */
export const mayHandle = (user: StaffUser) => user.is_active && hasPermission(user, 'sia_read', 'sia_write');

/** Whether `user` may be given report `signalId`. */
export async function mayBeAssigned(db: Db, user: StaffUser, signalId: number): Promise<boolean> {
  return mayHandle(user) && (await maySeeSignal(db, user, signalId));
}

export interface Assignee {
  id: number;
  username: string;
  first_name: string;
  last_name: string;
}

/** The colleagues report `signalId` can be assigned to, by username. */
export async function assignableUsers(db: Db, signalId: number): Promise<Assignee[]> {
  const candidates = await db
    .selectFrom('staff_user')
    .innerJoin('user_department', 'user_department.user_id', 'staff_user.id')
    .select(['staff_user.id'])
    .distinct()
    .where('staff_user.is_active', '=', true)
    .where((eb) =>
      eb.or([
        eb(
          'user_department.department_id',
          'in',
          sql<number>`(select cd.department_id from category_department cd join signal s on s.category_id = cd.category_id where s.id = ${signalId} and cd.is_responsible)`,
        ),
        eb('user_department.department_id', 'in', sql<number>`(select rd.department_id from signal_routing_department rd where rd.signal_id = ${signalId})`),
      ]),
    )
    .execute();
  const result: Assignee[] = [];
  for (const { id } of candidates) {
    const user = await loadStaffUser(db, id);
    if (user && (await mayBeAssigned(db, user, signalId))) result.push({ id: user.id, username: user.username, first_name: user.first_name, last_name: user.last_name });
  }
  return result.sort((a, b) => a.username.localeCompare(b.username));
}

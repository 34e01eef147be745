/**
 * Staff notifications (docs/routing.md): a staff member who asked for it in their profile
 * (`notification_on_department_assignment`) gets a mail when a report is routed to one of their
 * departments, by a rule or by a colleague. The mail names the report's number and links to
 * it; it carries no reporter data (no text, no address, no contact details).
 */
import { incidentPage } from '@meldloket/engine';
import type { Db } from '../db/database.ts';
import { assignmentMail } from '../followup/mails.ts';
import { displayId } from '../services/signals/display-id.ts';

export const incidentLink = (publicUrl: string, id: number) => `${publicUrl}${incidentPage(id)}`;

/** Queues the mails for the members of newly routed departments (not for `who`, who did it). Returns how many. */
export async function notifyDepartments(db: Db, publicUrl: string, id: number, departmentIds: number[], who: string | null): Promise<number> {
  if (departmentIds.length === 0) return 0;
  const users = await db
    .selectFrom('staff_user')
    .innerJoin('user_department', 'user_department.user_id', 'staff_user.id')
    .select(['staff_user.email', 'staff_user.username'])
    .distinct()
    .where('user_department.department_id', 'in', departmentIds)
    .where('staff_user.is_active', '=', true)
    .where('staff_user.notification_on_department_assignment', '=', true)
    .execute();
  let sent = 0;
  for (const user of users) {
    if (who && user.username.toLowerCase() === who.toLowerCase()) continue;
    const mail = assignmentMail(user.email, displayId(id), incidentLink(publicUrl, id), 'uw afdeling');
    await db.insertInto('outbox').values({ to: mail.to, subject: mail.subject, text: mail.text, html: null }).execute();
    sent += 1;
  }
  return sent;
}

/**
 * /manage/mijn-mail: a staff member's own mail notifications (docs/routing.md):
 * a mail when a report is routed to one of their departments, a mail when a report is assigned to
 * them. Open to every signed-in staff member, for themselves only (`PATCH /me/notifications/`).
 */
import { ApiError } from '@meldloket/engine';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useApi } from '../api/index.ts';
import { useWrite } from '../api/write.ts';
import { ME_PATH } from '../auth/staff.ts';
import { useNotifications } from '../notifications/index.ts';
import { failureMessage } from '../settings/api.ts';
import { QueryState } from '../api/QueryState.tsx';
import { SettingsPage } from '../settings/components.tsx';
import { CheckboxField, Form, SubmitButton } from '../forms/index.ts';
import { settingsKeys, useMe } from '../settings/queries.ts';
import { MY_MAILS_TEXTS as T } from './texts.ts';

export const MY_NOTIFICATIONS_PATH = `${ME_PATH}notifications/`;

export interface MyNotifications {
  notification_on_department_assignment: boolean;
  notification_on_user_assignment: boolean;
}

type Me = { profile?: Partial<MyNotifications> | null };

const fromMe = (me: Me): MyNotifications => ({
  notification_on_department_assignment: me.profile?.notification_on_department_assignment === true,
  notification_on_user_assignment: me.profile?.notification_on_user_assignment === true,
});

function NotificationsForm({ initial }: { initial: MyNotifications }) {
  const api = useApi();
  const client = useQueryClient();
  const { show } = useNotifications();
  const [values, setValues] = useState(initial);
  const save = useWrite({
    write: (asked: MyNotifications) => api.patch<Me>(MY_NOTIFICATIONS_PATH, asked),
    // the answer is the signed-in user's new profile
    onSuccess: (saved) => void client.setQueryData(settingsKeys.read(ME_PATH), saved),
  });
  const set = (key: keyof MyNotifications) => (on: boolean) => setValues((v) => ({ ...v, [key]: on }));

  async function submit() {
    const outcome = await save.run(values);
    if (!outcome) return;
    if (outcome.ok) {
      setValues(fromMe(outcome.data));
      show({ title: T.saved, variant: 'success', type: 'local' });
    } else show({ title: T.saveFailed, message: outcome.error instanceof ApiError ? failureMessage(outcome.error) : T.offline, variant: 'error', type: 'local' });
  }

  return (
    <Form className="ml-settings__form" labelledBy="my-notifications-legend" onSubmit={() => void submit()}>
      <fieldset className="utrecht-form-fieldset">
        <legend id="my-notifications-legend" className="utrecht-form-fieldset__legend">
          {T.legend}
        </legend>
        <p className="utrecht-paragraph">{T.about}</p>
        <CheckboxField id="notify-department" label={T.department} checked={values.notification_on_department_assignment} onChange={set('notification_on_department_assignment')} />
        <CheckboxField id="notify-user" label={T.user} checked={values.notification_on_user_assignment} onChange={set('notification_on_user_assignment')} />
      </fieldset>
      <div className="ml-settings__buttons">
        <SubmitButton busy={save.busy}>{T.save}</SubmitButton>
      </div>
    </Form>
  );
}

export default function MyNotificationsPage() {
  const me = useMe<Me>();
  return (
    <SettingsPage title={T.title}>
      <QueryState query={me} failed={T.fetchFailed} />
      {me.isSuccess && <NotificationsForm initial={fromMe(me.data)} />}
    </SettingsPage>
  );
}

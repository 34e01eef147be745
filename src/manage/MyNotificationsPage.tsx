/**
 * /manage/mijn-mail: a staff member's own mail notifications (docs/routing.md):
 * a mail when a report is routed to one of their departments, a mail when a report is assigned to
 * them. Open to every signed-in staff member, for themselves only (`PATCH /me/notifications/`).
 */
import { ApiError } from '@meldloket/engine';
import { useState, type FormEvent } from 'react';
import { useApi } from '../api/index.ts';
import { ME_PATH } from '../auth/staff.ts';
import { useNotifications } from '../notifications/index.ts';
import { failureMessage } from '../settings/api.ts';
import { Loading, SettingsPage, useLoad } from '../settings/components.tsx';
import { CheckboxField, SubmitButton } from '../forms/index.ts';
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
  const { show } = useNotifications();
  const [values, setValues] = useState(initial);
  const [busy, setBusy] = useState(false);
  const set = (key: keyof MyNotifications) => (on: boolean) => setValues((v) => ({ ...v, [key]: on }));

  async function submit(event: FormEvent) {
    event.preventDefault();
    setBusy(true);
    try {
      setValues(fromMe(await api.patch<Me>(MY_NOTIFICATIONS_PATH, values)));
      show({ title: T.saved, variant: 'success', type: 'local' });
    } catch (error) {
      show({ title: T.saveFailed, message: error instanceof ApiError ? failureMessage(error) : T.offline, variant: 'error', type: 'local' });
    } finally {
      setBusy(false);
    }
  }

  return (
    <form className="ml-settings__form" aria-labelledby="my-notifications-legend" onSubmit={submit} noValidate>
      <fieldset className="utrecht-form-fieldset">
        <legend id="my-notifications-legend" className="utrecht-form-fieldset__legend">
          {T.legend}
        </legend>
        <p className="utrecht-paragraph">{T.about}</p>
        <CheckboxField id="notify-department" label={T.department} checked={values.notification_on_department_assignment} onChange={set('notification_on_department_assignment')} />
        <CheckboxField id="notify-user" label={T.user} checked={values.notification_on_user_assignment} onChange={set('notification_on_user_assignment')} />
      </fieldset>
      <div className="ml-settings__buttons">
        <SubmitButton busy={busy}>{T.save}</SubmitButton>
      </div>
    </form>
  );
}

export default function MyNotificationsPage() {
  // read fresh: the sign-in's copy of /me/ may predate a change made in another tab
  const [load] = useLoad((api, signal) => api.get<Me>(ME_PATH, { signal }).then(fromMe), T.fetchFailed, 'me');
  return (
    <SettingsPage title={T.title}>
      <Loading load={load} failed={T.fetchFailed} />
      {load.state === 'ready' && <NotificationsForm initial={load.data} />}
    </SettingsPage>
  );
}

import type { MyStatus } from './api.ts';
import { MY_TEXTS } from './texts.ts';

/** 'Status: Open' / 'Status: Gesloten'. */
export function StatusBadge({ status }: { status: MyStatus }) {
  return (
    <span className={status.state === 'CLOSED' ? 'ml-my__status ml-my__status--closed' : 'ml-my__status'}>
      {MY_TEXTS.status} {status.state_display}
    </span>
  );
}

import { formatReportedOn } from '@meldloket/engine';
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

/** 'Gemeld op: 03 mei' with the status badge beside it. */
export function ReportMeta({ createdAt, status }: { createdAt: string; status: MyStatus }) {
  return (
    <p className="ml-my__meta">
      <span>
        {MY_TEXTS.reportedOn} <time dateTime={createdAt}>{formatReportedOn(createdAt)}</time>
      </span>
      <StatusBadge status={status} />
    </p>
  );
}

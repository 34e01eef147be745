/** The way on to a (new) report from a page a link in a mail led to: a primary-action link to the wizard's first step, in a paragraph of its own. */
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { REPORT_PATH } from '../layout/paths.ts';
import '@utrecht/button-link-css/dist/index.css';

export function NewReportLink({ children }: { children: ReactNode }) {
  return (
    <p className="utrecht-paragraph">
      <Link className="utrecht-button-link utrecht-button-link--html-a utrecht-button-link--primary-action" to={REPORT_PATH}>
        {children}
      </Link>
    </p>
  );
}

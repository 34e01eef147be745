/**
 * What a page opened from a link in a mail (confirm an address, follow a report, stop following)
 * shows once the server has answered: a message, or — for a link we do not know or that ran out —
 * the same refusal everywhere, with the phone number and hours to get a new one and the way to report.
 */
import { useConfig } from '../config/index.ts';
import { usePageTitle } from '../layout/index.ts';
import { PageHeading } from './Heading.tsx';
import { NewReportLink } from './NewReportLink.tsx';

/** A link's outcome: its title (also the page's) and one paragraph. */
export function LinkMessage({ title, message }: { title: string; message: string }) {
  usePageTitle(title);
  return (
    <article>
      <PageHeading>{title}</PageHeading>
      <p className="utrecht-paragraph">{message}</p>
    </article>
  );
}

export interface InvalidLinkTexts {
  title: string;
  message: string;
  call: (phone: string, hours: string) => string;
  report: string;
}

/** A link that is not (or no longer) valid. */
export function InvalidLink({ texts }: { texts: InvalidLinkTexts }) {
  const { contact } = useConfig();
  usePageTitle(texts.title);
  return (
    <article>
      <PageHeading>{texts.title}</PageHeading>
      <p className="utrecht-paragraph">{texts.message}</p>
      <p className="utrecht-paragraph">{texts.call(contact.phone, contact.hours)}</p>
      <NewReportLink>{texts.report}</NewReportLink>
    </article>
  );
}

import type { ReactNode } from 'react';
import { PageHeading } from '../static/Heading.tsx';
import { usePageTitle } from '../layout/index.ts';

/** A back-office screen whose content a later issue builds: its heading, and plainly that it is not there yet. */
export function NotBuiltPage({ title, about, children }: { title: string; about: string; children?: ReactNode }) {
  usePageTitle(title);
  return (
    <article>
      <PageHeading>{title}</PageHeading>
      <p className="utrecht-paragraph ml-backoffice__lead">Dit scherm is nog niet gebouwd.</p>
      <p className="utrecht-paragraph">{about}</p>
      {children}
    </article>
  );
}

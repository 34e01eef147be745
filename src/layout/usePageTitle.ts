import { useEffect } from 'react';
import { useConfig } from '../config/index.ts';

/** The document title of a page: '{title} - {site title}', or the site title alone. */
export const pageTitle = (title: string, siteTitle: string): string => (title ? `${title} - ${siteTitle}` : siteTitle);

/** Sets the document title to '{title} - {site title}'. */
export function usePageTitle(title: string): void {
  const { siteTitle } = useConfig();
  useEffect(() => {
    document.title = pageTitle(title, siteTitle);
  }, [title, siteTitle]);
}

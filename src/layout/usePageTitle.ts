import { useEffect } from 'react';
import { useConfig } from '../config/index.ts';

/** Sets the document title to '{title} - {site title}'. */
export function usePageTitle(title: string): void {
  const { siteTitle } = useConfig();
  useEffect(() => {
    document.title = title ? `${title} - ${siteTitle}` : siteTitle;
  }, [title, siteTitle]);
}

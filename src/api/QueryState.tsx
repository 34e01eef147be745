/**
 * The app's one loading/error vocabulary for a read (docs/architecture.md, 'Data on screens'): while
 * the query loads, the loading line (LOADING_TEXT, role status); when it failed, the screen's
 * `failed` text in place of its content and, once per failure, the error notification of
 * docs/reference/texts.md#errors with the API's Dutch message. Nothing once the data is there.
 */
import type { UseQueryResult } from '@tanstack/react-query';
import { useEffect } from 'react';
import { LOADING_TEXT } from '../layout/texts.ts';
import { useNotifications } from '../notifications/index.ts';
import { failureMessage } from './failure.ts';

type Read = Pick<UseQueryResult<unknown>, 'isPending' | 'isError' | 'error'>;

export function QueryState({ query, failed }: { query: Read; failed: string }) {
  const { show } = useNotifications();
  useEffect(() => {
    if (query.error) show({ title: failed, message: failureMessage(query.error), variant: 'error', type: 'global' });
  }, [query.error]);
  if (query.isPending) return <p className="utrecht-paragraph" role="status">{LOADING_TEXT}</p>;
  if (query.isError) return <p className="utrecht-paragraph">{failed}</p>;
  return null;
}

/** The first of several reads that is not there yet (still loading, or failed), for one QueryState. */
export function firstUnready(...queries: Read[]): Read {
  return queries.find((q) => q.isPending || q.isError) ?? queries[0]!;
}

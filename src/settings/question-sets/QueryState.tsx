/** What a screen shows while a query loads, or after it failed (the settings' Loading, for TanStack Query). */
import type { UseQueryResult } from '@tanstack/react-query';
import { useEffect } from 'react';
import { useNotifications } from '../../notifications/index.ts';
import { failureMessage } from '../api.ts';
import { Loading } from '../components.tsx';

export function QueryState({ query, failed }: { query: UseQueryResult<unknown>; failed: string }) {
  const { show } = useNotifications();
  useEffect(() => {
    if (query.isError) show({ title: failed, message: failureMessage(query.error), variant: 'error', type: 'global' });
  }, [query.isError]);
  return <Loading load={query.isPending ? { state: 'loading' } : query.isError ? { state: 'failed' } : { state: 'ready', data: null }} failed={failed} />;
}

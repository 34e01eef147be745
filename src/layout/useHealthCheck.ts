import { useEffect } from 'react';
import { useNavigate } from 'react-router';
import { API_PATHS, ApiError, HEALTH_CHECK_FAILED } from '@meldloket/engine';
import { useApi } from '../api/index.ts';
import { useLateQuery } from '../api/late-query.ts';

export const MAINTENANCE_PATH = '/onderhoud';

/**
 * Once per app, asks the API whether it is up (HEAD /signals/), through the query layer loaded
 * after the first page is drawn (src/api/late-query.ts); a 503 sends the app to the maintenance page.
 */
export function useHealthCheck(): void {
  const api = useApi();
  const navigate = useNavigate();
  const { error } = useLateQuery({ queryKey: ['health'], queryFn: ({ signal }) => api.head(API_PATHS.health, { signal }).then(() => true), retry: false, staleTime: Infinity });
  useEffect(() => {
    if (!error) return;
    if (error instanceof ApiError && error.status === 503) navigate(MAINTENANCE_PATH, { replace: true });
    else console.error(HEALTH_CHECK_FAILED, error);
  }, [error, navigate]);
}

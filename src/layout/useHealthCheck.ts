import { useEffect } from 'react';
import { useNavigate } from 'react-router';
import { API_PATHS, ApiError, HEALTH_CHECK_FAILED } from '@meldloket/engine';
import { useApi } from '../api/index.ts';

export const MAINTENANCE_PATH = '/onderhoud';

/** On load, asks the API whether it is up (HEAD /signals/); a 503 sends the app to the maintenance page. */
export function useHealthCheck(): void {
  const api = useApi();
  const navigate = useNavigate();
  useEffect(() => {
    let cancelled = false;
    api.head(API_PATHS.health).catch((error: unknown) => {
      if (cancelled) return;
      if (error instanceof ApiError && error.status === 503) navigate(MAINTENANCE_PATH, { replace: true });
      else console.error(HEALTH_CHECK_FAILED, error);
    });
    return () => {
      cancelled = true;
    };
  }, [api, navigate]);
}

export { createBrowserApi } from './client.ts';
export { ApiProvider, useApi } from './context.tsx';
export { STATES, stateName, backOfficeStateName, type StateCode } from './states.ts';
export type { HistoryEntry, ReporterHistoryEntry } from './history.ts';

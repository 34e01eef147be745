export { createBrowserApi } from './client.ts';
export { ApiProvider, useApi } from './context.tsx';
export { STATES, stateName, type StateCode } from './states.ts';

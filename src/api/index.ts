export { createBrowserApi } from './client.ts';
export { ApiProvider, useApi } from './context.tsx';

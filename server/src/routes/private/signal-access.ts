/** Path parameter `id` of a report (a malformed or out-of-range id is a 404, as everywhere); the report itself: services/signals/visible.ts. */
export { visibleSignal } from '../../services/signals/visible.ts';

export const signalIdParams = { type: 'object', properties: { id: { type: 'integer', minimum: 1, maximum: 2147483647 } }, required: ['id'] } as const;

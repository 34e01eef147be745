/**
 * The states of a report (docs/reference/statuses.md#transitions) with the Dutch names the back office shows
 * (docs/reference/statuses.md#states-and-transitions), in the order of the status filter: the engine's workflow
 * (`engine/src/workflow`) is their one source. One list for the overview's filter and
 * column, the signalering page and the detail.
 */
import { BACK_OFFICE_STATE_NAMES, FILTER_STATES } from '@meldloket/engine';

export { stateName, backOfficeStateName, type StateCode } from '@meldloket/engine';

/** In the order of a report's life (the Status column sorts the same way), without 'On hold', which no transition enters. */
export const STATES = FILTER_STATES.map((code) => ({ code, name: BACK_OFFICE_STATE_NAMES[code] }));

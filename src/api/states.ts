/**
 * The states of a report (contract §12) with the Dutch names the back office shows
 * (back-office spec §4), in the order of the status filter: the engine's workflow
 * (`engine/src/workflow`) is their one source. One list for the overview's filter and
 * column, the signalering page and the detail.
 */
import { STATE_CODES, STATE_NAMES } from '@meldloket/engine';

export { stateName, type StateCode } from '@meldloket/engine';

export const STATES = STATE_CODES.map((code) => ({ code, name: STATE_NAMES[code] }));

import { ApiError } from '@meldloket/engine';
import { describe, expect, it } from 'vitest';
import { fieldErrors } from './errors.ts';

const failed = (status: number, body: unknown) => new ApiError('x', status, body);

describe('error shapes of docs/reference/api.md#conventions, docs/reference/api.md#private per field', () => {
  it('puts top-level and nested status errors on their field', () => {
    expect(fieldErrors(failed(400, { state: ['Invalid state transition from `Afgehandeld` to `In behandeling`.'] }))).toEqual({ state: ['Invalid state transition from `Afgehandeld` to `In behandeling`.'] });
    expect(fieldErrors(failed(400, { status: { state: ['No email address known for signal with ID={{ signal.id }}.'] } }))).toEqual({ state: ['No email address known for signal with ID={{ signal.id }}.'] });
    expect(fieldErrors(failed(403, { state: "You don't have permissions to push to Sigmax/CityControl." }))).toEqual({ state: ['Je hebt niet voldoende rechten om deze actie uit te voeren.'] });
  });

  it('reads lists of per-item dicts, top-level lists, non_field_errors and detail', () => {
    expect(fieldErrors(failed(400, { notes: [{ text: ['De notitie mag niet leeg zijn'] }] }))).toEqual({ text: ['De notitie mag niet leeg zijn'] });
    expect(fieldErrors(failed(400, ['Public uploads not allowed in current signal state.']))).toEqual({ form: ['Public uploads not allowed in current signal state.'] });
    expect(fieldErrors(failed(400, { non_field_errors: ['Maximum number of 10 child Signals reached for parent Signal'] }))).toEqual({ form: ['Maximum number of 10 child Signals reached for parent Signal'] });
    // a refusal uses docs/reference/texts.md#errors's text, not the server's words
    expect(fieldErrors(failed(403, { detail: 'Je hebt geen toestemming om deze actie uit te voeren.' }))).toEqual({ form: ['Je hebt niet voldoende rechten om deze actie uit te voeren.'] });
  });

  it('falls back to the Dutch text of the status without a body (docs/reference/texts.md#errors)', () => {
    expect(fieldErrors(failed(500, undefined))).toEqual({ form: ['Interne fout op de server. Probeer het nogmaals'] });
  });
});

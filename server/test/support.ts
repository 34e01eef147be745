/** Shared fixtures of the server's route tests. */
import type { FastifyInstance } from 'fastify';

export const SUB_URL = '/signals/v1/public/terms/categories/afval/sub_categories/grofvuil';

/** A valid public create body (contract §1 example). */
export function validReport(overrides: Record<string, unknown> = {}): Record<string, unknown> {
  return {
    text: 'Er ligt grofvuil naast de container',
    location: {
      geometrie: { type: 'Point', coordinates: [4.8936, 52.3731] },
      address: { openbare_ruimte: 'Dam', huisnummer: 1, huisletter: '', huisnummer_toevoeging: '', postcode: '1012JS', woonplaats: 'Amsterdam' },
    },
    category: { sub_category: SUB_URL },
    reporter: { email: 'melder@example.com', phone: '0612345678', sharing_allowed: false },
    incident_date_start: '2024-05-01T09:00:00+02:00',
    extra_properties: [
      { id: 'extra_container_kind', label: 'Soort container', answer: { id: 'rest', label: 'Restafval' }, category_url: SUB_URL },
    ],
    ...overrides,
  };
}

export async function postReport(app: FastifyInstance, body: unknown, headers: Record<string, string> = {}) {
  const res = await app.inject({ method: 'POST', url: '/signals/v1/public/signals/', payload: body as object, headers });
  return { status: res.statusCode, body: res.json() as Record<string, any>, headers: res.headers };
}

/** The body of the create call (docs/reference/api.md#public-create, docs/reference/api.md#staff-create; schema: engine/schema/create-signal.schema.json). */
import type { Address } from '../incident/index.ts';

export interface ExtraProperty {
  id: string;
  label: string;
  category_url: string;
  answer: unknown;
}

/** The address the create call carries: the wizard's address (`Address`) without its district. */
export type PayloadAddress = Omit<Address, 'stadsdeel'>;

export interface CreateSignalPayload {
  text: string;
  category: { sub_category: string };
  location: {
    geometrie: { type: 'Point'; coordinates: [number, number] };
    address?: PayloadAddress;
  };
  incident_date_start: string;
  reporter: { email: string | null; phone: string | null; sharing_allowed: boolean };
  source: string;
  extra_properties: ExtraProperty[];
  /** Staff only. */
  priority?: { priority: string };
  /** Staff only. */
  type?: { code: string };
}

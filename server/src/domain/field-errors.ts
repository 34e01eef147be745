/**
 * Turns JSON Schema (ajv) errors into the Django REST Framework error bodies of the
 * contract: `{"field": ["Dit veld is vereist."]}`, nested for nested serializers
 * (`{"location": {"geometrie": [...]}}`), `non_field_errors` for unknown top-level
 * keys, with DRF's Dutch messages.
 */
import type { ErrorObject } from 'ajv';

export const MESSAGES = {
  required: 'Dit veld is vereist.',
  blank: 'Dit veld mag niet leeg zijn.',
  invalid: 'Invalid input.',
  string: 'Geen geldige string.',
  number: 'Een geldig getal is vereist.',
  integer: 'Een geldig geheel getal is vereist.',
  boolean: 'Moet een geldige boolean zijn.',
  object: 'Ongeldige gegevens. Verwachtte een dictionary, maar kreeg een {type}.',
  array: 'Verwachtte een lijst met items, maar kreeg type "{type}".',
  email: 'Voer een geldig e-mailadres in.',
  uuid: '"{value}" is geen geldige UUID.',
  datetime: 'Datetime heeft een ongeldig formaat, gebruik 1 van de volgende formaten: YYYY-MM-DDThh:mm[:ss[.uuuuuu]][+HH:MM|-HH:MM|Z].',
  maxLength: 'Zorg ervoor dat dit veld niet meer dan {limit} karakters bevat.',
  minLength: 'Zorg ervoor dat dit veld minimaal {limit} karakters bevat.',
  maximum: 'Zorg ervoor dat deze waarde kleiner of gelijk is aan {limit}.',
  minimum: 'Zorg ervoor dat deze waarde groter of gelijk is aan {limit}.',
  choice: '"{value}" is een ongeldige keuze.',
  geometry: 'Ongeldige geometrie: verwacht een GeoJSON Point met coördinaten [lengtegraad, breedtegraad].',
} as const;

export type FieldErrors = Record<string, unknown>;

export interface MapOptions {
  /**
   * How deep errors nest, by top-level field: location → 2 gives
   * `{"location": {"geometrie": [...]}}`. Fields not listed nest 1 deep.
   */
  depth?: Record<string, number>;
  /** Fields whose every error becomes this one message (DRF JSONField + schema). */
  collapse?: Record<string, string>;
  /** Turns errors under a path prefix into one message for that path (e.g. a GeoJSON field). */
  leafMessages?: Record<string, string>;
  /** Root key for unknown-key errors; by default `non_field_errors`. */
}

const typeName = (v: unknown) => (v === null ? 'null' : Array.isArray(v) ? 'list' : typeof v === 'object' ? 'dict' : typeof v === 'string' ? 'str' : typeof v === 'number' ? (Number.isInteger(v) ? 'int' : 'float') : typeof v);

function at(data: unknown, segments: string[]): unknown {
  let cur = data;
  for (const s of segments) {
    if (cur === null || typeof cur !== 'object') return undefined;
    cur = (cur as Record<string, unknown>)[s];
  }
  return cur;
}

const fill = (template: string, values: Record<string, unknown>) => template.replace(/\{(\w+)\}/g, (_, k: string) => String(values[k]));

function messageFor(error: ErrorObject, value: unknown): string | undefined {
  const p = error.params as Record<string, unknown>;
  switch (error.keyword) {
    case 'required':
      return MESSAGES.required;
    case 'type': {
      if (value === null) return p.type === 'null' ? undefined : MESSAGES.blank;
      const t = String(p.type).split(',')[0];
      if (t === 'null') return undefined;
      if (t === 'object') return fill(MESSAGES.object, { type: typeName(value) });
      if (t === 'array') return fill(MESSAGES.array, { type: typeName(value) });
      return (MESSAGES as Record<string, string>)[t] ?? MESSAGES.invalid;
    }
    case 'minLength':
      return p.limit === 1 ? MESSAGES.blank : fill(MESSAGES.minLength, p);
    case 'pattern':
      return typeof value === 'string' && value.trim() === '' ? MESSAGES.blank : MESSAGES.invalid;
    case 'maxLength':
      return fill(MESSAGES.maxLength, p);
    case 'maximum':
      return fill(MESSAGES.maximum, p);
    case 'minimum':
      return fill(MESSAGES.minimum, p);
    case 'enum':
      return fill(MESSAGES.choice, { value });
    case 'format':
      if (p.format === 'date-time') return MESSAGES.datetime;
      if (p.format === 'email') return MESSAGES.email;
      if (p.format === 'uuid') return fill(MESSAGES.uuid, { value });
      return MESSAGES.invalid;
    case 'anyOf':
    case 'oneOf':
    case 'const':
    case 'not':
    case 'if':
      return undefined;
    default:
      return MESSAGES.invalid;
  }
}

function put(target: FieldErrors, path: string[], message: string): void {
  let cur = target;
  for (const key of path.slice(0, -1)) {
    const next = cur[key];
    if (Array.isArray(next)) return; // the parent already failed as a whole
    cur = (cur[key] ??= {}) as FieldErrors;
  }
  const last = path[path.length - 1];
  const existing = cur[last];
  if (existing !== undefined && !Array.isArray(existing)) return;
  const list = (cur[last] ??= []) as string[];
  if (!list.includes(message)) list.push(message);
}

/**
 * The DRF error body for a failed validation of `data`, or undefined when the
 * errors carry nothing a client could act on (then the caller keeps its own).
 */
export function toFieldErrors(errors: ErrorObject[], data: unknown, options: MapOptions = {}): FieldErrors | undefined {
  const result: FieldErrors = {};
  const unknownKeys: string[] = [];
  for (const error of errors) {
    const segments = error.instancePath.split('/').slice(1).map((s) => s.replace(/~1/g, '/').replace(/~0/g, '~'));
    if ((error.keyword === 'unevaluatedProperties' || error.keyword === 'additionalProperties') && segments.length === 0) {
      const p = error.params as { unevaluatedProperty?: string; additionalProperty?: string };
      unknownKeys.push(p.unevaluatedProperty ?? p.additionalProperty ?? '');
      continue;
    }
    if (error.keyword === 'unevaluatedProperties' || error.keyword === 'additionalProperties') continue; // nested unknown keys are ignored
    if (error.schemaPath.includes('/oneOf/')) continue; // exclusive alternatives: the caller explains those in its own words
    const value = at(data, segments);
    const path = error.keyword === 'required' ? [...segments, (error.params as { missingProperty: string }).missingProperty] : segments;
    if (path.length === 0) {
      const message = messageFor(error, value);
      if (message) put(result, ['non_field_errors'], message);
      continue;
    }
    const top = path[0];
    if (options.collapse?.[top]) {
      result[top] = [options.collapse[top]];
      continue;
    }
    const leaf = Object.keys(options.leafMessages ?? {}).find((prefix) => path.join('/').startsWith(prefix));
    if (leaf && !(error.keyword === 'required' && path.join('/') === leaf)) {
      put(result, leaf.split('/'), options.leafMessages![leaf]);
      continue;
    }
    const depth = options.depth?.[top] ?? 1;
    const message = messageFor(error, value);
    if (message) put(result, path.slice(0, depth), message);
  }
  if (Object.keys(result).length === 0 && unknownKeys.length > 0) {
    return { non_field_errors: [`Extra properties present: ${[...new Set(unknownKeys)].sort().join(', ')}`] };
  }
  return Object.keys(result).length > 0 ? result : undefined;
}

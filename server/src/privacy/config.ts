/**
 * The retention figures of this municipality (docs/privacy.md): `privacy.retention` in the
 * MUNICIPALITY_FILE, each figure defaulting as below (docs/privacy.md).
 *
 * ```json
 * { "privacy": { "retention": { "contactDays": 365, "deleteAfterYears": { "o": 5, "a": 1, "s": 5 } } } }
 * ```
 *
 * The end states are the workflow's own (`END_STATES` of the engine); a state set to null
 * is never deleted.
 */
import { DEFAULT_RETENTION, END_STATES, stateName, type RetentionConfig } from '@meldloket/engine';

export { DEFAULT_RETENTION, type RetentionConfig };

const isWhole = (value: unknown, min: number, max: number): value is number => Number.isInteger(value) && (value as number) >= min && (value as number) <= max;

/**
 * The configuration from the municipality file's `privacy` key (undefined: the defaults), or
 * the problems found, each with its JSON path, in Dutch.
 */
export function readRetention(privacy: unknown): { config: RetentionConfig; problems: string[] } {
  const problems: string[] = [];
  const config: RetentionConfig = { contactDays: DEFAULT_RETENTION.contactDays, deleteAfterYears: { ...DEFAULT_RETENTION.deleteAfterYears } };
  if (privacy === undefined) return { config, problems };
  const isObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);
  if (!isObject(privacy)) return { config, problems: ['/privacy: verwacht een object met "retention".'] };
  const retention = privacy.retention;
  if (retention === undefined) return { config, problems };
  if (!isObject(retention)) return { config, problems: ['/privacy/retention: verwacht een object met "contactDays" en "deleteAfterYears".'] };
  for (const key of Object.keys(retention)) {
    if (key !== 'contactDays' && key !== 'deleteAfterYears') problems.push(`/privacy/retention/${key}: onbekende sleutel (bedoeld: contactDays of deleteAfterYears).`);
  }
  if (retention.contactDays !== undefined) {
    if (isWhole(retention.contactDays, 1, 36500)) config.contactDays = retention.contactDays;
    else problems.push('/privacy/retention/contactDays: verwacht een geheel aantal dagen van 1 tot en met 36500.');
  }
  const years = retention.deleteAfterYears;
  if (years !== undefined) {
    if (!isObject(years)) problems.push('/privacy/retention/deleteAfterYears: verwacht een object met per eindstatus een aantal jaren of null.');
    else {
      for (const [state, value] of Object.entries(years)) {
        if (!END_STATES.includes(state)) {
          problems.push(`/privacy/retention/deleteAfterYears/${state}: geen eindstatus; eindstatussen zijn ${END_STATES.map((s) => `${s} (${stateName(s)})`).join(', ')}.`);
        } else if (value === null || isWhole(value, 1, 100)) config.deleteAfterYears[state] = value;
        else problems.push(`/privacy/retention/deleteAfterYears/${state}: verwacht een geheel aantal jaren van 1 tot en met 100, of null (nooit verwijderen).`);
      }
    }
  }
  return { config, problems };
}

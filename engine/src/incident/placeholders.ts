/** Placeholder value for dynamic text when the referenced value is missing. */
export const UNKNOWN_VALUE = 'onbekend';

function lookup(source: unknown, path: string[]): unknown {
  let value = source;
  for (const part of path) {
    if (value === null || value === undefined || typeof value !== 'object') return undefined;
    value = (value as Record<string, unknown>)[part];
  }
  return value;
}

function display(value: unknown): string | undefined {
  if (value === null || value === undefined || value === '') return undefined;
  if (typeof value === 'string' || typeof value === 'number' || typeof value === 'boolean') return String(value);
  if (Array.isArray(value)) {
    const parts = value.map(display).filter((part): part is string => part !== undefined);
    return parts.length ? parts.join(', ') : undefined;
  }
  if (typeof value === 'object') {
    const record = value as Record<string, unknown>;
    return display(record.label ?? record.name ?? record.value);
  }
  return undefined;
}

const PLACEHOLDER = /\{([A-Za-z_$][\w$]*(?:\.[\w$-]+)*)\}/g;

/**
 * Placeholders filled from the app's configuration rather than the draft: `{phone}`
 * (the public contact number) and `{hours}` (when it answers). The app passes their
 * values; a question set may use no other top-level placeholder.
 */
export const CONFIG_PLACEHOLDERS = ['phone', 'hours'] as const;
export type ConfigPlaceholder = (typeof CONFIG_PLACEHOLDERS)[number];

/** The placeholder paths in a text, in order: `['phone', 'incident.email']`. */
export function placeholdersIn(text: string): string[] {
  return [...text.matchAll(PLACEHOLDER)].map((m) => m[1]);
}

/** Whether a placeholder path is one a question set may use: `incident.…` or a configuration value. */
export function isKnownPlaceholder(path: string): boolean {
  return path.startsWith('incident.') || (CONFIG_PLACEHOLDERS as readonly string[]).includes(path);
}

/**
 * Fills `{incident.x}` style placeholders (dotted paths into `values`).
 * A placeholder whose value is missing or empty becomes 'onbekend'; answer
 * objects show their label.
 */
export function fillPlaceholders(text: string, values: Record<string, unknown>): string {
  return text.replace(PLACEHOLDER, (_, path: string) => display(lookup(values, path.split('.'))) ?? UNKNOWN_VALUE);
}

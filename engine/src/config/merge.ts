/**
 * How configuration layers combine, for the server (the map services' defaults under the
 * municipality's file) and the app (its defaults under what /app-config.js hands it):
 * objects merge key by key, anything else — a value, a list, null — replaces; a missing
 * (undefined) override keeps the base. The result is new: neither input changes, and a
 * key named `__proto__` in parsed JSON stays a plain key (never the result's prototype).
 */
const isPlainObject = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);

export function mergeConfig(base: unknown, override: unknown): unknown {
  if (override === undefined) return base;
  if (!isPlainObject(base) || !isPlainObject(override)) return override;
  const merged: Record<string, unknown> = {};
  for (const key of new Set([...Object.keys(base), ...Object.keys(override)])) {
    Object.defineProperty(merged, key, { value: mergeConfig(base[key], override[key]), enumerable: true, writable: true, configurable: true });
  }
  return merged;
}

/**
 * Whether an answer counts as not given: undefined, null, a blank string, an
 * empty list, or a location/asset answer without coordinates and selection.
 */
export function isEmptyAnswer(value: unknown): boolean {
  if (value === undefined || value === null) return true;
  if (typeof value === 'string') return value.trim() === '';
  if (typeof value === 'number') return Number.isNaN(value);
  if (Array.isArray(value)) return value.length === 0;
  if (typeof value === 'object') {
    const record = value as Record<string, unknown>;
    if ('id' in record) return record.id === undefined || record.id === null || record.id === '';
    if ('selection' in record || 'location' in record || 'coordinates' in record) {
      const selection = Array.isArray(record.selection) ? record.selection : [];
      return selection.length === 0 && coordinatesOf(value) === null;
    }
    return Object.keys(record).length === 0;
  }
  return false;
}

/** Non-zero coordinates of a location or asset answer, or null. */
export function coordinatesOf(value: unknown): { lat: number; lng: number } | null {
  if (!value || typeof value !== 'object') return null;
  const record = value as Record<string, unknown>;
  const candidates = [
    (record.location as Record<string, unknown> | undefined)?.coordinates,
    record.coordinates,
    record,
  ];
  for (const c of candidates) {
    if (c && typeof c === 'object') {
      const { lat, lng } = c as Record<string, unknown>;
      if (typeof lat === 'number' && typeof lng === 'number' && lat !== 0 && lng !== 0 && Number.isFinite(lat) && Number.isFinite(lng)) {
        return { lat, lng };
      }
    }
  }
  return null;
}

/**
 * Keeps the draft across reloads and history navigation: the draft and the step
 * in sessionStorage (per tab, gone when the tab closes), the photos themselves in
 * IndexedDB (idb-keyval) where the browser allows it, else only in memory.
 *
 * A begun report also outlives the tab on this device for a day (`DEVICE_DRAFT_MAX_AGE_MS`):
 * a copy of the draft with the time it was saved in IndexedDB, offered when the resident comes
 * back in a new tab ('Verder met uw melding van …?'), cleared on sending and on 'Opnieuw beginnen'.
 */
import { del, delMany, get, set } from 'idb-keyval';
import { isEditableStep, type EditableStep, type IncidentDraft } from '@meldloket/engine';

export { DRAFT_STORAGE_KEY } from './draftKey.ts';
import { DRAFT_STORAGE_KEY } from './draftKey.ts';

export interface StoredWizard {
  version: 1;
  draft: IncidentDraft;
  step: EditableStep;
  /** Sent as Idempotency-Key with the create call: a retried submit gives the same report. */
  submitKey: string;
}

function storage(): Storage | undefined {
  try {
    return window.sessionStorage;
  } catch {
    return undefined;
  }
}

export function loadStoredWizard(): StoredWizard | null {
  try {
    const raw = storage()?.getItem(DRAFT_STORAGE_KEY);
    if (!raw) return null;
    const parsed = JSON.parse(raw) as Partial<StoredWizard>;
    if (parsed.version !== 1 || !parsed.draft || typeof parsed.step !== 'string' || !isEditableStep(parsed.step)) return null;
    return { version: 1, draft: parsed.draft, step: parsed.step, submitKey: parsed.submitKey ?? newSubmitKey() };
  } catch {
    return null;
  }
}

export function saveStoredWizard(value: Omit<StoredWizard, 'version'>): void {
  try {
    storage()?.setItem(DRAFT_STORAGE_KEY, JSON.stringify({ version: 1, ...value }));
  } catch {
    // storage full or blocked: the draft lives on in memory
  }
}

export function clearStoredWizard(): void {
  try {
    storage()?.removeItem(DRAFT_STORAGE_KEY);
  } catch {
    // nothing stored
  }
}

export function newSubmitKey(): string {
  return typeof crypto !== 'undefined' && 'randomUUID' in crypto
    ? crypto.randomUUID()
    : `${Date.now().toString(36)}-${Math.random().toString(36).slice(2)}`;
}

/** How long a begun report is kept on this device after its last change. */
export const DEVICE_DRAFT_MAX_AGE_MS = 24 * 60 * 60 * 1000;
/** Where the device keeps its copy of the draft (IndexedDB, by idb-keyval). */
export const DEVICE_DRAFT_KEY = 'meldloket:device-draft';

/** The device's copy: the tab's stored wizard and when it was saved (ms since the epoch). */
export interface DeviceDraft extends StoredWizard {
  savedAt: number;
}

/** Whether the resident has begun a report: typed a description or contact detail, or added a photo (an untouched form is not kept). */
export function draftIsBegun(draft: IncidentDraft): boolean {
  return draft.description.trim() !== '' || draft.images.length > 0 || draft.email.trim() !== '' || draft.phone.trim() !== '';
}

/** Saves the device's copy of a begun report (an untouched one is not saved: it would replace a begun one). */
export function saveDeviceDraft(value: Omit<StoredWizard, 'version'>, now: number): void {
  if (!draftIsBegun(value.draft)) return;
  void quietly(() => set(DEVICE_DRAFT_KEY, { version: 1, ...value, savedAt: now } satisfies DeviceDraft));
}

function parseDeviceDraft(value: unknown): DeviceDraft | null {
  if (!value || typeof value !== 'object') return null;
  const parsed = value as Partial<DeviceDraft>;
  if (parsed.version !== 1 || !parsed.draft || typeof parsed.savedAt !== 'number' || typeof parsed.step !== 'string' || !isEditableStep(parsed.step)) return null;
  return { version: 1, draft: parsed.draft, step: parsed.step, submitKey: parsed.submitKey ?? newSubmitKey(), savedAt: parsed.savedAt };
}

/**
 * The device's copy when it is a begun report younger than a day; an older (or unreadable) one is
 * discarded, photos included.
 */
export async function loadDeviceDraft(now: number): Promise<DeviceDraft | null> {
  const stored = await quietly(() => get<unknown>(DEVICE_DRAFT_KEY));
  if (stored === undefined) return null;
  const parsed = parseDeviceDraft(stored);
  if (parsed && now - parsed.savedAt < DEVICE_DRAFT_MAX_AGE_MS && now >= parsed.savedAt - 60_000 && draftIsBegun(parsed.draft)) return parsed;
  await clearDeviceDraft();
  return null;
}

/** Removes the device's copy and its photos (sent, or the resident starts anew). */
export async function clearDeviceDraft(keepPhotos: string[] = []): Promise<void> {
  const stored = parseDeviceDraft(await quietly(() => get<unknown>(DEVICE_DRAFT_KEY)));
  await quietly(() => del(DEVICE_DRAFT_KEY));
  const photos = (stored?.draft.images ?? []).map((image) => image.id).filter((id) => !keepPhotos.includes(id));
  if (photos.length > 0) await quietly(() => delMany(photos.map(photoKey)));
}

const photoKey = (id: string) => `meldloket:photo:${id}`;

/** IndexedDB where the browser has it; without it (or when it refuses) the photos stay in memory only. */
function quietly<T>(run: () => Promise<T>): Promise<T | undefined> {
  try {
    return run().catch(() => undefined);
  } catch {
    return Promise.resolve(undefined);
  }
}

/** The photo files of the draft, by image id. */
export interface PhotoStore {
  put(id: string, file: Blob): void;
  get(id: string): Promise<Blob | undefined>;
  remove(id: string): void;
  /** Keeps only these ids. */
  retain(ids: string[]): void;
}

export function createPhotoStore(): PhotoStore {
  const memory = new Map<string, Blob>();
  return {
    put(id, file) {
      memory.set(id, file);
      void quietly(() => set(photoKey(id), file));
    },
    async get(id) {
      const cached = memory.get(id);
      if (cached) return cached;
      const stored = await quietly(() => get<Blob>(photoKey(id)));
      if (stored) memory.set(id, stored);
      return stored;
    },
    remove(id) {
      memory.delete(id);
      void quietly(() => del(photoKey(id)));
    },
    retain(ids) {
      for (const id of [...memory.keys()]) if (!ids.includes(id)) this.remove(id);
    },
  };
}

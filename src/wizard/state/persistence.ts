/**
 * Keeps the draft across reloads and history navigation: the draft and the step
 * in sessionStorage (per tab, gone when the tab closes), the photos themselves in
 * IndexedDB (idb-keyval) where the browser allows it, else only in memory.
 */
import { del, get, set } from 'idb-keyval';
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

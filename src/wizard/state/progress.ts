/** Upload progress per photo id (0 to 1) and failures, readable with useSyncExternalStore. */
export interface UploadProgress {
  progress: Record<string, number>;
  failed: Record<string, boolean>;
}

export interface ProgressStore {
  getSnapshot(): UploadProgress;
  subscribe(listener: () => void): () => void;
  set(id: string, fraction: number): void;
  fail(id: string): void;
  clear(): void;
}

export function createProgressStore(): ProgressStore {
  let state: UploadProgress = { progress: {}, failed: {} };
  const listeners = new Set<() => void>();
  const emit = () => listeners.forEach((l) => l());
  return {
    getSnapshot: () => state,
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    set(id, fraction) {
      state = { ...state, progress: { ...state.progress, [id]: Math.max(0, Math.min(1, fraction)) } };
      emit();
    },
    fail(id) {
      state = { ...state, failed: { ...state.failed, [id]: true } };
      emit();
    },
    clear() {
      state = { progress: {}, failed: {} };
      emit();
    },
  };
}

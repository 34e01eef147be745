/**
 * One server per PGlite folder: two processes on one DATA_DIR corrupt the database.
 * The first takes `DATA_DIR/meldloket.lock` (created exclusively, holding its PID and
 * host); a second finds it and refuses to start with a Dutch message. A lock whose
 * process no longer runs (on this host) is stale and is taken over.
 */
import { closeSync, openSync, readFileSync, rmSync, writeSync } from 'node:fs';
import { hostname } from 'node:os';
import path from 'node:path';

export const LOCK_FILE = 'meldloket.lock';

export class DataDirLockedError extends Error {
  constructor(
    readonly dataDir: string,
    readonly pid: number,
  ) {
    super(
      `De database in ${dataDir} is al in gebruik door een andere Meldloket-server (proces ${pid}). ` +
        `Twee servers op één DATA_DIR beschadigen de database: stop eerst die server, of kies een andere DATA_DIR. ` +
        `Draait proces ${pid} niet meer? Verwijder dan ${path.join(dataDir, LOCK_FILE)}.`,
    );
    this.name = 'DataDirLockedError';
  }
}

interface LockContent {
  pid: number;
  host: string;
}

function running(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

function readLock(file: string): LockContent | undefined {
  try {
    const content = JSON.parse(readFileSync(file, 'utf8')) as Partial<LockContent>;
    return typeof content.pid === 'number' ? { pid: content.pid, host: String(content.host ?? '') } : undefined;
  } catch {
    return undefined;
  }
}

/** Takes the folder's lock or throws DataDirLockedError; returns the release function. */
export function lockDataDir(dataDir: string): () => void {
  const file = path.join(dataDir, LOCK_FILE);
  const mine: LockContent = { pid: process.pid, host: hostname() };
  for (let attempt = 0; attempt < 3; attempt += 1) {
    try {
      const fd = openSync(file, 'wx');
      writeSync(fd, JSON.stringify(mine));
      closeSync(fd);
      const release = () => {
        if (readLock(file)?.pid === mine.pid) rmSync(file, { force: true });
        process.off('exit', release);
      };
      process.on('exit', release);
      return release;
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
      const holder = readLock(file);
      // Another host on a shared folder cannot be checked: refuse rather than guess.
      if (holder && (holder.host !== mine.host || running(holder.pid))) throw new DataDirLockedError(dataDir, holder.pid);
      // Stale (the process is gone) or half written: take it over.
      rmSync(file, { force: true });
    }
  }
  throw new DataDirLockedError(dataDir, readLock(file)?.pid ?? 0);
}

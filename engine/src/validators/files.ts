import { messages } from '../messages/index.ts';

export interface FileLike {
  name: string;
  /** MIME type as reported by the browser (may be empty). */
  type?: string;
  size: number;
}

export interface FileLimits {
  maxNumberOfFiles: number;
  minFileSize: number;
  maxFileSize: number;
  allowedFileTypes: readonly string[];
}

export const KIB = 1024;
export const MIB = 1024 * 1024;

/** The photo limits of the wizard: max 3, 30 KiB to 20 MiB, jpeg/jpg/png/gif. */
export const PHOTO_LIMITS: FileLimits = {
  maxNumberOfFiles: 3,
  minFileSize: 30 * KIB,
  maxFileSize: 20 * MIB,
  allowedFileTypes: ['image/jpeg', 'image/jpg', 'image/png', 'image/gif'],
};

const BY_EXTENSION: Record<string, string> = {
  pdf: 'application/pdf',
  jpg: 'image/jpeg',
  jpeg: 'image/jpeg',
  png: 'image/png',
  gif: 'image/gif',
};

/** The MIME type of a file; a name ending in .pdf is a pdf whatever the browser says. */
export function fileTypeOf(file: FileLike): string {
  const extension = /\.([a-z0-9]+)$/i.exec(file.name)?.[1]?.toLowerCase();
  if (extension === 'pdf') return 'application/pdf';
  if (file.type) return file.type.toLowerCase();
  return (extension && BY_EXTENSION[extension]) || '';
}

const DUTCH_SIZE = new Intl.NumberFormat('nl-NL', { maximumFractionDigits: 1, useGrouping: true });

/** In Dutch notation: '30 kB', '65,1 kB', '20 MB', '512 bytes'. */
export function formatFileSize(bytes: number): string {
  if (bytes >= MIB) return `${DUTCH_SIZE.format(bytes / MIB)} MB`;
  if (bytes >= KIB) return `${DUTCH_SIZE.format(bytes / KIB)} kB`;
  return `${DUTCH_SIZE.format(bytes)} bytes`;
}

function typeNames(types: readonly string[]): string {
  return types.map((t) => t.replace(/^[a-z]+\//, '')).join(', ');
}

/** The limits of a file question, from its meta, with the photo limits as defaults. */
export function fileLimitsOf(meta: Record<string, unknown> | undefined): FileLimits {
  const m = meta ?? {};
  const num = (v: unknown, fallback: number) => (typeof v === 'number' && Number.isFinite(v) ? v : fallback);
  return {
    maxNumberOfFiles: num(m.maxNumberOfFiles, PHOTO_LIMITS.maxNumberOfFiles),
    minFileSize: num(m.minFileSize, PHOTO_LIMITS.minFileSize),
    maxFileSize: num(m.maxFileSize, PHOTO_LIMITS.maxFileSize),
    allowedFileTypes: Array.isArray(m.allowedFileTypes) ? (m.allowedFileTypes as string[]) : PHOTO_LIMITS.allowedFileTypes,
  };
}

/** The message for one file that breaks a limit, or undefined. */
export function validateFile(file: FileLike, limits: FileLimits = PHOTO_LIMITS): string | undefined {
  if (!limits.allowedFileTypes.includes(fileTypeOf(file))) return messages.fileType(typeNames(limits.allowedFileTypes));
  if (file.size < limits.minFileSize) return messages.fileTooSmall(formatFileSize(limits.minFileSize));
  if (file.size > limits.maxFileSize) return messages.fileTooLarge(formatFileSize(limits.maxFileSize));
  return undefined;
}

/** The first problem with a list of files: too many, or a file that breaks a limit. */
export function validateFiles(files: unknown, limits: FileLimits = PHOTO_LIMITS): string | undefined {
  if (!Array.isArray(files)) return undefined;
  if (files.length > limits.maxNumberOfFiles) return messages.filesTooMany(limits.maxNumberOfFiles);
  for (const file of files) {
    if (!file || typeof file !== 'object' || typeof (file as FileLike).name !== 'string') continue;
    const problem = validateFile(file as FileLike, limits);
    if (problem) return problem;
  }
  return undefined;
}

/**
 * Which of the newly chosen files join the ones already there: in order, while
 * there is room under the maximum and each passes type and size. `problem` is
 * the first reason a file was left out ('too many' stops the selection).
 */
export function selectFiles<F extends FileLike>(current: number, chosen: readonly F[], limits: FileLimits = PHOTO_LIMITS): { accepted: F[]; problem?: string } {
  const accepted: F[] = [];
  let problem: string | undefined;
  for (const file of chosen) {
    if (current + accepted.length >= limits.maxNumberOfFiles) {
      problem = messages.filesTooMany(limits.maxNumberOfFiles);
      break;
    }
    const fileProblem = validateFile(file, limits);
    if (fileProblem) {
      problem ??= fileProblem;
      continue;
    }
    accepted.push(file);
  }
  return problem === undefined ? { accepted } : { accepted, problem };
}

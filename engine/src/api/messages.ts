import { messages } from '../messages/index.ts';

/** Dutch messages per HTTP status (docs/reference/texts.md#errors), from the engine's catalogue (engine/src/messages). */
export const STATUS_MESSAGES: Readonly<Record<number, string>> = messages.status;

export const DEFAULT_STATUS_MESSAGE = messages.statusDefault;
export const HEALTH_CHECK_FAILED = messages.healthCheckFailed;
/** @deprecated compare with `instanceof UploadFailedError`, not with a message. */
export const UPLOAD_FAILED = 'Upload failed';
export const UPLOAD_FAILED_MESSAGE = messages.uploadFailed;
export const WFS_FAILED = messages.wfsFailed;
export const ADDRESS_SEARCH_FAILED = messages.addressSearchFailed;
export const UNKNOWN_ADDRESS = messages.unknownAddress;

/**
 * The message to show for a failed call: by status when there is one
 * (unknown statuses get the default), otherwise the error's own message.
 */
export function statusMessage(error: { status?: number; message?: string } | number | null | undefined): string {
  const status = typeof error === 'number' ? error : error?.status;
  if (status === undefined || status === null || status === 0) {
    return (typeof error === 'object' && error?.message) || DEFAULT_STATUS_MESSAGE;
  }
  return STATUS_MESSAGES[status] ?? DEFAULT_STATUS_MESSAGE;
}

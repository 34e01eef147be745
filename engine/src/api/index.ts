export { createApiClient, ApiError, UploadFailedError } from './client.ts';
export type { ApiClient, ApiClientOptions, FetchResponse, FetchInit, AbortHandle, RequestOptions, ResponseType } from './client.ts';
export { buildQuery, withQuery, hostOf } from './query.ts';
export type { Query, QueryValue } from './query.ts';
export {
  STATUS_MESSAGES,
  DEFAULT_STATUS_MESSAGE,
  HEALTH_CHECK_FAILED,
  UPLOAD_FAILED,
  UPLOAD_FAILED_MESSAGE,
  WFS_FAILED,
  ADDRESS_SEARCH_FAILED,
  UNKNOWN_ADDRESS,
  statusMessage,
} from './messages.ts';
export { fromSignalenQuestions, isExtraPropertyQuestion } from './signalen.ts';
export { API_PREFIX, API_PATHS, GEO_PAGE_SIZE, apiPath, categoryPath, isPrivateApiPath } from './paths.ts';
export type { ApiPath } from './paths.ts';
export { APP_PATHS, incidentPage } from './app-paths.ts';

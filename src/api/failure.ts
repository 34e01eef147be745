import { ApiError } from '@meldloket/engine';

/** What a failed call says (docs/reference/texts.md#errors, by status) to the person: the API's Dutch message (ApiError.userMessage), else the error's own. */
export const failureMessage = (error: unknown) => (error instanceof ApiError ? error.userMessage : error instanceof Error ? error.message : String(error));

/**
 * The retention figures (docs/privacy.md): the defaults, like Signalen's, that a
 * municipality's `privacy.retention` overrides. The server applies them (server/src/privacy);
 * the resident's privacy and accessibility pages state them (the app's configuration
 * `retention`, which the server fills from the same file).
 */
export interface RetentionConfig {
  /** Days after a report reached an end state that the reporter's contact details are anonymised; mails are kept as long. */
  contactDays: number;
  /** Per end state: years after reaching it that the report is deleted; null: kept. */
  deleteAfterYears: Record<string, number | null>;
}

export const DEFAULT_RETENTION: RetentionConfig = {
  contactDays: 365,
  deleteAfterYears: { o: 5, a: 1, s: 5 },
};

/** Who the product is, in one place: the app's defaults, the server's mails and the history read these. */

/** The product's own name: the site title by default, and who 'did' what the system did in the history a person reads. */
export const PRODUCT_NAME = 'Meldloket';

/** The municipality of the default configuration (a deployment's municipality file overrides it). */
export const DEFAULT_MUNICIPALITY = 'Amsterdam';

/** The `who` of the API's history for what the system did (docs/reference/statuses.md#transitions: Signalen's words, kept on the wire). */
export const API_SYSTEM_WHO = 'Signalen systeem';

/** The closing line of a mail to a resident: 'Gemeente Amsterdam'. */
export const mailSignature = (municipality: string = DEFAULT_MUNICIPALITY): string => `Gemeente ${municipality}`;

/** Dutch messages per HTTP status (spec §8; 408, 413 and 429 as Signalen's front end words them). */
export const STATUS_MESSAGES: Readonly<Record<number, string>> = {
  400: 'Deze wijziging is niet toegestaan in deze situatie.',
  401: 'Om de opgevraagde gegevens te bekijken is een geautoriseerde sessie noodzakelijk',
  403: 'Je hebt niet voldoende rechten om deze actie uit te voeren.',
  408: 'Het verzoek kan niet verwerkt worden door een timeout op de server',
  413: 'De grootte van de payload overschrijdt de toegestane limiet',
  418: 'De server weigert dit verzoek te verwerken.',
  429: 'Er zijn teveel verzoeken verstuurd',
  500: 'Interne fout op de server. Probeer het nogmaals',
  503: 'Server is op dit moment niet beschikbaar. Probeer het nogmaals',
};

export const DEFAULT_STATUS_MESSAGE = 'De opgevraagde gegevens konden niet gevonden worden';

export const HEALTH_CHECK_FAILED = 'Er kon geen health check worden uitgevoerd op de API.';
export const UPLOAD_FAILED = 'Upload failed';
export const UPLOAD_FAILED_MESSAGE = 'Het uploaden van de foto is niet gelukt';
export const WFS_FAILED = 'Kaart informatie kon niet worden opgehaald.';
export const ADDRESS_SEARCH_FAILED = 'De adressen konden niet worden opgehaald.';
export const UNKNOWN_ADDRESS = 'Wij kennen dit adres niet. Probeer het opnieuw.';

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

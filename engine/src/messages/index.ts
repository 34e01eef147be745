/**
 * Every Dutch text the engine produces, in one typed catalogue (docs/reference/limits.md#validation, docs/reference/texts.md#errors).
 * Texts that take a value are functions; the rest are plain strings. Other
 * engine folders may append entries. Dynamic texts with `{placeholders}` are
 * filled by `fillPlaceholders` (incident/), which writes 'onbekend' for a
 * missing value.
 */

export const messages = {
  /** Generic required message (choices, selects, objects). */
  required: 'Dit veld is verplicht',
  /** Required message of text fields and text areas (whitespace only also fails). */
  requiredText: 'Dit is een verplicht veld',
  /** Shown above the form when it cannot advance. */
  globalInvalid: 'U hebt niet alle vragen (juist) beantwoord. Vul hieronder aan alstublieft.',
  /** Shown when a blocking answer stops the form. */
  blocking: 'U kunt dit formulier niet verder invullen. Lees onder de antwoorden waar u uw melding wel kunt doen.',
  /** Animal nuisance blocking notices. */
  blockingAnimals: 'U kunt dit formulier niet meer verder invullen',
  /** Label suffix of an optional field. */
  optional: '(niet verplicht)',
  inPast: 'Vul een tijdstip uit het verleden in',
  /** A date/time value that is neither a number nor 'now'. */
  timeInvalid: 'Dit is een verplicht veld',
  maxLength: (max: number) => `U heeft meer dan de maximale ${max} tekens ingevoerd`,
  minLength: (min: number) => `Vul minimaal ${min} tekens in`,
  max: (max: number) => `Vul een getal in van maximaal ${max}`,
  min: (min: number) => `Vul een getal in van minimaal ${min}`,
  notANumber: 'Vul een getal in',
  pattern: 'Dit veld heeft niet de juiste vorm',
  /** Character counter under a text area. */
  counter: (count: number, max: number) => `${count}/${max} tekens`,
  email: (example: string) =>
    `Vul een geldig e-mailadres in, met een @ en een domeinnaam. Bijvoorbeeld: ${example}`,
  emailExample: 'naam@domein.nl',
  phone: 'Ongeldig telefoonnummer, alleen cijfers, spaties, haakjes, + en - zijn toegestaan.',
  phoneTooLong: (max: number) => `Een telefoonnummer mag hoogstens ${max} tekens lang zijn, spaties en leestekens meegeteld. Laat bijvoorbeeld spaties of (0) weg.`,
  multiNumber: 'Vul alleen cijfers, komma’s, punten of puntkomma’s in',
  multiNumberTooLong: (max: number) => `Vul per nummer maximaal ${max} tekens in`,
  objectLocation: (object: string) => `Kies een locatie of een ${object} op de kaart of vul een adres in`,
  filesTooMany: (max: number) => `U kunt maximaal ${max} bestanden uploaden`,
  fileType: (allowed: string) => `Dit bestandstype wordt niet ondersteund. Toegestaan zijn: ${allowed}.`,
  fileTooSmall: (min: string) => `Dit bestand is te klein. De minimale bestandsgrootte is ${min}.`,
  fileTooLarge: (max: string) => `Dit bestand is te groot. De maximale bestandsgrootte is ${max}.`,
  maxAssets: (max: number, object: string) => `U kunt maximaal ${max} ${object} kiezen.`,
  /** A photo could not be uploaded (the wizard's notification, the widget, the reply page). */
  uploadFailed: 'Het uploaden van de foto is niet gelukt',
  /** The server refused a photo that does not decode (its 400 at the file field; server/src/services/attachments/image.ts). */
  photoNotDecoded: 'Deze foto kan niet worden geopend. Het bestand is beschadigd of geen geldige afbeelding. Kies een andere foto.',
  /** The server refused a photo of more pixels than it decodes (100 million, MAX_IMAGE_PIXELS). */
  photoTooManyPixels: 'Deze foto is te groot: hij heeft meer dan 100 miljoen pixels. Kies een kleinere foto.',
  /** Handling message when a subcategory has none. */
  handlingFallback: 'We gaan zo snel mogelijk aan de slag.',
  /** Failed calls by HTTP status (docs/reference/texts.md#errors; 408, 413 and 429 as Signalen's front end words them); any other status gets statusDefault. */
  status: {
    400: 'Deze wijziging is niet toegestaan in deze situatie.',
    401: 'Om de opgevraagde gegevens te bekijken is een geautoriseerde sessie noodzakelijk',
    403: 'Je hebt niet voldoende rechten om deze actie uit te voeren.',
    408: 'Het verzoek kan niet verwerkt worden door een timeout op de server',
    413: 'De grootte van de payload overschrijdt de toegestane limiet',
    418: 'De server weigert dit verzoek te verwerken.',
    429: 'Er zijn teveel verzoeken verstuurd',
    500: 'Interne fout op de server. Probeer het nogmaals',
    503: 'Server is op dit moment niet beschikbaar. Probeer het nogmaals',
  } as Readonly<Record<number, string>>,
  statusDefault: 'De opgevraagde gegevens konden niet gevonden worden',
  healthCheckFailed: 'Er kon geen health check worden uitgevoerd op de API.',
  /** The map's object layer (WFS) could not be loaded. */
  wfsFailed: 'Kaart informatie kon niet worden opgehaald.',
  addressSearchFailed: 'De adressen konden niet worden opgehaald.',
  unknownAddress: 'Wij kennen dit adres niet. Probeer het opnieuw.',
} as const;

export type MessageCatalogue = typeof messages;

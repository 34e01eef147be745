/** The places that show a reporter's contact details (privacy/access-log.ts logs each by its name). */

/** Where the data was shown, with the words the privacy officer reads. */
export const CONTACT_ACCESS_VIA = {
  /** GET /private/signals/{id}: the report's detail with e-mail address and phone number. */
  detail: 'Detail van de melding',
  /** The CSV export with the contact columns. */
  export: 'CSV-export met contactgegevens',
  /** GET /private/signals/{id}/context/reporter/: the reporter's other reports (the 'Melder' panel). */
  reporter: 'Andere meldingen van de melder',
  /** The list and the search (GET /private/signals/, /private/search/) carry the contact details of each row. */
  list: 'Overzicht of zoeken',
  /** The privacy officer's search, export or erasure for one reporter (privacy/reporter.ts). */
  rights: 'Rechten van de melder',
} as const;

export type ContactAccessVia = keyof typeof CONTACT_ACCESS_VIA;

/** Dutch texts of the map widgets (the selector's own texts live with the map code). */
export const MAP_FIELD_TEXTS = {
  choose: 'Kies locatie',
  /** The opener of a map question that is not the report's location (map_input): named after its question. */
  chooseOther: 'Kies op de kaart',
  named: (action: string, label: string) => `${action}: ${label}`,
  change: 'Wijzigen',
  loading: 'De kaart wordt geladen…',
  unavailable: 'De kaart voor deze vraag is nog niet beschikbaar.',
  chosenObjects: 'Gekozen objecten',
  location: 'Locatie',
} as const;

/** Dutch texts of the map widgets (the selector's own texts live with the map code). */
export const MAP_FIELD_TEXTS = {
  choose: 'Kies locatie',
  change: 'Wijzigen',
  loading: 'De kaart wordt geladen…',
  unavailable: 'De kaart voor deze vraag is nog niet beschikbaar.',
  chosenObjects: 'Gekozen objecten',
  location: 'Locatie',
} as const;

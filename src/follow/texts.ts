/** Texts of the follower's links (each names the report followed, docs/duplicates.md) (docs/duplicates.md): /volgen/bevestig/{token} and /volgen/stoppen/{token}. */
export const FOLLOW_TEXTS = {
  verifying: 'Uw e-mailadres wordt bevestigd…',
  stopping: 'Wij zetten de berichten stop…',
  verified: {
    title: (id: string) => `U volgt melding ${id}`,
    message: (state: string) => `De status is nu: ${state}. Wij sturen u een e-mail als de status verandert. U hebt een e-mail ontvangen die dit bevestigt. In elke e-mail staat een link om te stoppen met volgen.`,
  },
  already: {
    title: (id: string) => `U volgt melding ${id} al`,
    message: (id: string) => `U hebt al eerder bevestigd dat u melding ${id} wilt volgen. U hoeft niets meer te doen.`,
  },
  stopped: {
    title: (id: string) => `U volgt melding ${id} niet meer`,
    message: (id: string) => `U krijgt geen berichten meer over melding ${id}.`,
  },
  invalid: {
    title: 'Link ongeldig',
    message: 'Deze link is verlopen, al gebruikt of ongeldig.',
    call: (phone: string, hours: string) => `Hebt u een vraag? Bel dan ${phone}, ${hours}.`,
    report: 'Doe een melding',
  },
} as const;

/** Texts of the follower's links (issue 35, docs/duplicates.md): /volgen/bevestig/{token} and /volgen/stoppen/{token}. */
export const FOLLOW_TEXTS = {
  verifying: 'Uw e-mailadres wordt bevestigd…',
  stopping: 'Wij zetten de berichten stop…',
  verified: {
    title: 'U volgt deze melding',
    message: (id: string, state: string) => `U volgt melding ${id}. De status is nu: ${state}. Wij sturen u een e-mail als de status verandert. U hebt een e-mail ontvangen die dit bevestigt.`,
  },
  already: {
    title: 'U volgt deze melding al',
    message: (id: string) => `U hebt al eerder bevestigd dat u melding ${id} wilt volgen. U hoeft niets meer te doen.`,
  },
  stopped: {
    title: 'U volgt deze melding niet meer',
    message: (id: string) => `U krijgt geen berichten meer over melding ${id}.`,
  },
  invalid: {
    title: 'Link ongeldig',
    message: 'Deze link is verlopen, al gebruikt of ongeldig.',
    call: (phone: string, hours: string) => `Hebt u een vraag? Bel dan ${phone}, ${hours}.`,
    report: 'Doe een melding',
  },
} as const;

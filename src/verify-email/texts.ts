/** Texts of /verify_email/{token} (docs/reference/screens.md#routes 'E-mail verification'). */
export const VERIFY_TEXTS = {
  loading: 'Uw e-mailadres wordt bevestigd…',
  success: {
    title: 'E-mailadres bevestigd',
    message: 'Vanaf nu gebruiken wij dit e-mailadres voor berichten over uw melding. U hebt een e-mail ontvangen die dit bevestigt. Ziet u die niet? Kijk dan ook in de map met ongewenste e-mail (spam).',
  },
  already: {
    title: 'E-mailadres al bevestigd',
    message: 'U hebt dit e-mailadres al eerder bevestigd. Wij gebruiken het voor berichten over uw melding; u hoeft niets meer te doen.',
  },
  failure: {
    title: 'Link ongeldig',
    message: 'Deze link is verlopen of ongeldig.',
    call: (phone: string, hours: string) => `Wilt u een nieuwe link ontvangen? Bel dan ${phone}, ${hours}.`,
    report: 'Doe een melding',
  },
} as const;

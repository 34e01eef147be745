/** The Dutch texts of staff sign-in (docs/reference/texts.md#errors). */
export const AUTH_TEXTS = {
  loginFailed: 'Inloggen is niet gelukt',
  loginFailedCookies: 'Inloggen is niet gelukt. Controleer of je browser cookies toestaat, of probeer het met een andere browser.',
  authorizeFailed: 'Authenticeren is niet gelukt',
  logoutFailed: 'Uitloggen is niet gelukt',
  noCrypto:
    'Deze browser ondersteunt de beveiliging niet die nodig is om in te loggen (Web Crypto). Gebruik een recente browser via een beveiligde verbinding (https).',
  categoriesFailed: 'Het categorieën overzicht kon niet opgehaald worden',
  departmentsFailed: 'De lijst van afdelingen kon niet opgehaald worden',
  sessionExpired: 'Je sessie is verlopen. Log opnieuw in.',
} as const;

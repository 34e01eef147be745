/**
 * The embedded provider's pages, in Dutch: sign-in, logout and error. Plain HTML
 * with the product's colours, labelled fields, an error that screen readers
 * announce, and no script except the one-line auto-submit of the logout form.
 */
import { createHash } from 'node:crypto';

export const escapeHtml = (value: unknown) =>
  String(value ?? '').replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);

const STYLE = `
*{box-sizing:border-box}
body{margin:0;font-family:"Avenir Next","Segoe UI",Arial,sans-serif;font-size:1rem;line-height:1.5;color:#1a1a1a;background:#f3f3f3}
header{background:#fff;border-bottom:4px solid #004699;padding:12px 24px}
header p{margin:0;font-weight:700;font-size:1.25rem;color:#004699}
main{max-width:28rem;margin:32px auto;padding:24px;background:#fff;border:1px solid #d6d6d6}
h1{font-size:1.75rem;margin:0 0 8px}
label{display:block;font-weight:700;margin:16px 0 4px}
input{width:100%;min-height:44px;padding:8px 12px;font:inherit;border:1px solid #767676;border-radius:0;background:#fff;color:#1a1a1a}
input:focus,button:focus,a:focus{outline:3px solid #fec813;outline-offset:2px}
input[aria-invalid=true]{border:2px solid #b20000}
button{min-height:44px;padding:8px 20px;margin-top:24px;font:inherit;font-weight:700;border:0;background:#004699;color:#fff;cursor:pointer}
button:hover{background:#00336e}
button.secondary{background:#fff;color:#004699;border:2px solid #004699;margin-top:12px}
.error{margin:16px 0 0;padding:12px 16px;border-left:4px solid #b20000;background:#fdecea;color:#5c0000;font-weight:700}
.hint{color:#4a4a4a;font-size:.875rem;margin-top:24px}
.actions{display:flex;flex-wrap:wrap;align-items:center;gap:8px}
`;

function page(title: string, body: string): string {
  return `<!DOCTYPE html>
<html lang="nl">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex">
<title>${escapeHtml(title)} – Meldloket</title>
<style>${STYLE}</style>
</head>
<body>
<header><p>Meldloket</p></header>
<main>
${body}
</main>
</body>
</html>`;
}

export const TEXTS = {
  signIn: 'Inloggen',
  intro: 'Log in met je e-mailadres en wachtwoord als medewerker van de gemeente.',
  email: 'E-mailadres',
  password: 'Wachtwoord',
  cancel: 'Annuleren',
  wrongPassword: 'Het e-mailadres of het wachtwoord is onjuist. Controleer je gegevens en probeer het opnieuw.',
  missing: 'Vul je e-mailadres en je wachtwoord in.',
  inactive: 'Dit account is niet actief. Neem contact op met de beheerder van Meldloket.',
  devHint: 'Ontwikkelomgeving: de testaccounts en hun wachtwoorden staan in de README, onder "Medewerkersaccounts".',
  logoutTitle: 'Uitloggen',
  logoutQuestion: 'Wil je uitloggen bij Meldloket?',
  logoutYes: 'Ja, uitloggen',
  logoutNo: 'Nee, ingelogd blijven',
  loggedOut: 'Je bent uitgelogd',
  loggedOutText: 'Je bent uitgelogd bij Meldloket. Je kunt dit venster sluiten.',
  errorTitle: 'Inloggen is niet gelukt',
  errorText: 'Er ging iets mis bij het inloggen. Ga terug naar Meldloket en probeer het opnieuw.',
} as const;

export interface SignInPageOptions {
  action: string;
  abortAction: string;
  email?: string;
  error?: string;
  devHint?: boolean;
}

export function signInPage(o: SignInPageOptions): string {
  const invalid = o.error ? ' aria-invalid="true" aria-describedby="fout"' : '';
  return page(
    TEXTS.signIn,
    `<h1>${TEXTS.signIn}</h1>
<p>${TEXTS.intro}</p>
${o.error ? `<p class="error" id="fout" role="alert">${escapeHtml(o.error)}</p>` : ''}
<form method="post" action="${escapeHtml(o.action)}" novalidate>
<label for="email">${TEXTS.email}</label>
<input id="email" name="email" type="email" autocomplete="username" spellcheck="false" required value="${escapeHtml(o.email)}"${invalid}${o.error ? '' : ' autofocus'}>
<label for="password">${TEXTS.password}</label>
<input id="password" name="password" type="password" autocomplete="current-password" required${invalid}${o.error ? ' autofocus' : ''}>
<div class="actions"><button type="submit">${TEXTS.signIn}</button></div>
</form>
<form method="post" action="${escapeHtml(o.abortAction)}"><button type="submit" class="secondary">${TEXTS.cancel}</button></form>
${o.devHint ? `<p class="hint">${escapeHtml(TEXTS.devHint)}</p>` : ''}`,
  );
}

/** Submits the logout form at once when the staff app asked for it (no second question). */
export const AUTO_SUBMIT_SCRIPT = "document.addEventListener('DOMContentLoaded',function(){document.forms[0].submit()})";
export const AUTO_SUBMIT_HASH = `'sha256-${createHash('sha256').update(AUTO_SUBMIT_SCRIPT).digest('base64')}'`;

/** `form` is the provider's hidden form (id op.logoutForm) carrying its xsrf token. */
export function logoutPage(form: string, autoSubmit: boolean): string {
  const confirmed = autoSubmit ? form.replace('</form>', '<input type="hidden" name="logout" value="yes"></form>') : form;
  return page(
    TEXTS.logoutTitle,
    `<h1>${TEXTS.logoutTitle}</h1>
<p>${TEXTS.logoutQuestion}</p>
${confirmed}
<div class="actions">
<button type="submit" form="op.logoutForm" name="logout" value="yes">${TEXTS.logoutYes}</button>
<button type="submit" form="op.logoutForm" class="secondary">${TEXTS.logoutNo}</button>
</div>
${autoSubmit ? `<script>${AUTO_SUBMIT_SCRIPT}</script>` : ''}`,
  );
}

export function loggedOutPage(): string {
  return page(TEXTS.loggedOut, `<h1>${TEXTS.loggedOut}</h1>\n<p>${TEXTS.loggedOutText}</p>`);
}

export function errorPage(details: { error?: string; error_description?: string }): string {
  return page(
    TEXTS.errorTitle,
    `<h1>${TEXTS.errorTitle}</h1>
<p>${TEXTS.errorText}</p>
${details.error ? `<p>Foutcode: <code>${escapeHtml(details.error)}</code>${details.error_description ? ` – ${escapeHtml(details.error_description)}` : ''}</p>` : ''}`,
  );
}

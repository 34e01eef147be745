/**
 * The satisfaction survey (kto) after a report is closed. Standard answers per
 * satisfaction indication; a form can be filled out once, within 14 days.
 */
import type { Db } from './sessions.ts';
import type { FollowupOptions } from './ports.ts';
import { AccessError, UUID_RE, invalidUuid } from './sessions.ts';
import { FlowError } from './flows.ts';
import { amsterdamIso } from './time.ts';

export const SATISFACTIONS = ['satisfied', 'not_satisfied', 'not_received'] as const;
export type Satisfaction = (typeof SATISFACTIONS)[number];

export type StandardAnswer = {
  satisfaction: Satisfaction;
  is_satisfied: boolean;
  text: string;
  /** A reporter choosing this asks for the report to be looked at again. */
  reopens_when_unhappy: boolean;
};

const answer = (satisfaction: Satisfaction, text: string, reopens = false): StandardAnswer => ({
  satisfaction,
  is_satisfied: satisfaction === 'satisfied',
  text,
  reopens_when_unhappy: reopens,
});

export const STANDARD_ANSWERS: StandardAnswer[] = [
  answer('satisfied', 'Het probleem is opgelost'),
  answer('satisfied', 'Het ging snel'),
  answer('satisfied', 'Ik werd goed op de hoogte gehouden'),
  answer('satisfied', 'Het bericht over de afhandeling was duidelijk'),
  answer('not_satisfied', 'Het probleem is niet opgelost', true),
  answer('not_satisfied', 'Het duurde te lang'),
  answer('not_satisfied', 'Ik werd niet goed op de hoogte gehouden'),
  answer('not_satisfied', 'Het bericht over de afhandeling was niet duidelijk'),
  answer('not_received', 'Ik heb geen bericht over de afhandeling gekregen'),
  answer('not_received', 'Ik zie niet dat er iets aan het probleem is gedaan', true),
];

export const TEXT_EXTRA_MAX = 1000;

export async function loadFeedbackForm(db: Db, opts: FollowupOptions, uuid: string) {
  if (!UUID_RE.test(uuid)) throw invalidUuid(uuid);
  const row = await db.selectFrom('feedback_request').selectAll().where('uuid', '=', uuid.toLowerCase()).executeTakeFirst();
  if (!row) throw new AccessError('not-found', { detail: 'Niet gevonden.' });
  if (row.submitted_at) throw new AccessError('gone', { detail: 'filled out' });
  if (new Date(row.submit_before) < (opts.now?.() ?? new Date())) throw new AccessError('gone', { detail: 'expired' });
  const signal = await opts.signals.get(row.signal_uuid);
  return {
    row,
    body: {
      uuid: row.uuid,
      signal_id: row.signal_uuid,
      id_display: signal?.display ?? null,
      created_at: amsterdamIso(signal?.createdAt),
      submit_before: amsterdamIso(row.submit_before),
    },
  };
}

export interface FeedbackInput {
  satisfaction: Satisfaction;
  allows_contact: boolean;
  text_list: string[];
  text_extra: string;
}

/** Field errors of a survey answer in the API's `{field: [msg]}` shape, or the clean input. */
export function parseFeedback(body: unknown): { errors: Record<string, string[]> } | { input: FeedbackInput } {
  const errors: Record<string, string[]> = {};
  const b = (body && typeof body === 'object' && !Array.isArray(body) ? body : {}) as Record<string, unknown>;
  const satisfaction = b.satisfaction;
  if (satisfaction === undefined) errors.satisfaction = ['Dit veld is vereist.'];
  else if (!SATISFACTIONS.includes(satisfaction as Satisfaction)) errors.satisfaction = [`"${String(satisfaction)}" is een ongeldige keuze.`];
  const textList = b.text_list ?? [];
  const allowed = STANDARD_ANSWERS.filter((a) => a.satisfaction === satisfaction).map((a) => a.text);
  if (!Array.isArray(textList) || textList.some((t) => typeof t !== 'string')) errors.text_list = ['Verwachtte een lijst met items.'];
  else if (!errors.satisfaction) {
    const unknown = textList.filter((t) => !allowed.includes(t));
    if (unknown.length > 0) errors.text_list = unknown.map((t) => `"${t}" is een ongeldige keuze.`);
  }
  const textExtra = b.text_extra ?? '';
  if (typeof textExtra !== 'string') errors.text_extra = ['Geen geldige string.'];
  else if (textExtra.length > TEXT_EXTRA_MAX) errors.text_extra = [`Zorg ervoor dat dit veld niet meer dan ${TEXT_EXTRA_MAX} tekens bevat.`];
  const allowsContact = b.allows_contact ?? false;
  if (typeof allowsContact !== 'boolean') errors.allows_contact = ['Moet een geldige boolean zijn.'];
  if (Object.keys(errors).length === 0 && (textList as string[]).length === 0 && (textExtra as string).trim() === '') {
    errors.non_field_errors = ['Kies minstens één antwoord of vul een toelichting in.'];
  }
  if (Object.keys(errors).length > 0) return { errors };
  return { input: { satisfaction: satisfaction as Satisfaction, allows_contact: allowsContact as boolean, text_list: textList as string[], text_extra: (textExtra as string).trim() } };
}

/**
 * Stores the answer once; a negative answer that asks for it reopens a closed report.
 * Null when the form was answered meanwhile.
 */
export async function saveFeedback(db: Db, opts: FollowupOptions, rowId: number, signalUuid: string, input: FeedbackInput): Promise<{ reopened: boolean } | null> {
  const now = opts.now?.() ?? new Date();
  const updated = await db
    .updateTable('feedback_request')
    .set({
      submitted_at: now,
      satisfaction: input.satisfaction,
      is_satisfied: input.satisfaction === 'satisfied',
      allows_contact: input.allows_contact,
      text_list: JSON.stringify(input.text_list),
      text_extra: input.text_extra || null,
    })
    .where('id', '=', rowId)
    .where('submitted_at', 'is', null)
    .executeTakeFirst();
  if (Number(updated.numUpdatedRows) === 0) return null;
  const reopens = STANDARD_ANSWERS.some((a) => a.reopens_when_unhappy && a.satisfaction === input.satisfaction && input.text_list.includes(a.text));
  if (reopens) {
    const signal = await opts.signals.get(signalUuid);
    if (signal?.state === 'o') {
      try {
        await opts.signals.setState(signalUuid, 'reopen requested', `Melder vraagt om heropenen: ${input.text_list.join(', ')}`);
        return { reopened: true };
      } catch (error) {
        // A handler moved the report on meanwhile: the answer is stored, the graph decides the rest.
        if (error instanceof FlowError) return { reopened: false };
        throw error;
      }
    }
  }
  return { reopened: false };
}

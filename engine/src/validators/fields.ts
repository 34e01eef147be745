import { messages } from '../messages/index.ts';

export const DESCRIPTION_MAX_LENGTH = 1000;
export const TEXTAREA_MAX_LENGTH = 1000;
export const PHONE_MAX_LENGTH = 17;
export const EMAIL_MAX_LENGTH = 100;
export const MULTI_TEXT_ITEM_MAX_LENGTH = 15;

/** A free-text description: required (whitespace only fails), at most `max` characters. */
export function validateDescription(text: unknown, max = DESCRIPTION_MAX_LENGTH): string | undefined {
  if (typeof text !== 'string' || text.trim() === '') return messages.requiredText;
  if (text.length > max) return messages.maxLength(max);
  return undefined;
}

const PHONE_ALLOWED = /^[0-9 ()+-]*$/;

/** Remove every character a phone number may not hold (only digits, space, ( ) + -), then cut to 17. */
export function normalizePhone(input: string): string {
  return input.replace(/[^0-9 ()+-]/g, '').slice(0, PHONE_MAX_LENGTH);
}

/**
 * An optional phone number: only digits, spaces, ( ) + -, at most 17 characters. Nothing
 * is removed or cut while typing: letters get the spec's message, a longer number says why.
 */
export function validatePhone(phone: unknown): string | undefined {
  if (phone === undefined || phone === null || phone === '') return undefined;
  if (typeof phone !== 'string' || !PHONE_ALLOWED.test(phone)) return messages.phone;
  if (phone.length > PHONE_MAX_LENGTH) return messages.phoneTooLong(PHONE_MAX_LENGTH);
  return undefined;
}

const EMAIL = /^[^\s@]+@[^\s@.]+(\.[^\s@.]+)+$/;

/**
 * Whether a string has the shape of an e-mail address: something@domain.tld. The one pattern for an
 * address, wherever one is checked (the form, the server's fields, the back office); a check with a
 * length limit of its own adds that.
 */
export function hasEmailShape(value: string): boolean {
  return EMAIL.test(value);
}

/** Whether a string is an e-mail address a resident may give: that shape, at most 100 characters. */
export function isEmail(value: string): boolean {
  return value.length <= EMAIL_MAX_LENGTH && hasEmailShape(value);
}

/** An optional e-mail address. */
export function validateEmail(email: unknown): string | undefined {
  if (email === undefined || email === null || email === '') return undefined;
  if (typeof email !== 'string' || !isEmail(email.trim())) return messages.email(messages.emailExample);
  return undefined;
}

const MULTI_NUMBER = /^[0-9.,;]*$/;

/** The items of a multi-number text: digits, comma, period and semicolon only; at most 15 each. */
export function validateMultiNumber(items: unknown): string | undefined {
  const list = Array.isArray(items) ? items : [items];
  for (const item of list) {
    if (item === undefined || item === null || item === '') continue;
    if (typeof item !== 'string' && typeof item !== 'number') return messages.multiNumber;
    const text = String(item);
    if (!MULTI_NUMBER.test(text)) return messages.multiNumber;
    if (text.length > MULTI_TEXT_ITEM_MAX_LENGTH) return messages.multiNumberTooLong(MULTI_TEXT_ITEM_MAX_LENGTH);
  }
  return undefined;
}

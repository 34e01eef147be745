import { describe, expect, it } from 'vitest';
import {
  fileTypeOf,
  normalizePhone,
  validateDescription,
  validateEmail,
  validateFile,
  validateFiles,
  validatePhone,
} from '../../src/index.ts';

const KB = 1024;
const photo = (name: string, size: number, type = 'image/jpeg') => ({ name, size, type });

describe('description', () => {
  it('is required, whitespace only fails', () => {
    expect(validateDescription('  ')).toBe('Dit is een verplicht veld');
  });
  it('allows at most 1000 characters', () => {
    expect(validateDescription('a'.repeat(1001))).toBe('U heeft meer dan de maximale 1000 tekens ingevoerd');
    expect(validateDescription('a'.repeat(1000))).toBeUndefined();
  });
});

describe('phone', () => {
  it('allows digits, spaces, brackets, + and -', () => {
    expect(validatePhone('+31 (6) 123-45 67')).toBeUndefined();
  });
  it('rejects other characters with the spec message', () => {
    expect(validatePhone('06 1234abc')).toBe('Ongeldig telefoonnummer, alleen cijfers, spaties, haakjes, + en - zijn toegestaan.');
  });
  it('allows at most 17 characters', () => {
    expect(validatePhone('1'.repeat(18))).toMatch(/^Een telefoonnummer mag hoogstens 17 tekens lang zijn/);
    // letters are refused with the spec's message, never removed without a word
    expect(validatePhone('06-1234abcd')).toBe('Ongeldig telefoonnummer, alleen cijfers, spaties, haakjes, + en - zijn toegestaan.');
    // a written-out international number is not cut: it is refused, saying why and what to leave out
    expect(validatePhone('+31 (0)6-1234 5678')).toMatch(/17 tekens .* Laat bijvoorbeeld spaties of \(0\) weg\.$/);
    expect(validatePhone('+31 6-1234 5678')).toBeUndefined();
  });
  it('normalising strips other characters and cuts at 17', () => {
    expect(normalizePhone('06-12.34/56 78x')).toBe('06-123456 78');
    expect(normalizePhone('1'.repeat(20))).toHaveLength(17);
  });
});

describe('e-mail', () => {
  it('is optional but must be an address with a domain', () => {
    expect(validateEmail('')).toBeUndefined();
    expect(validateEmail('a@b')).toBe('Vul een geldig e-mailadres in, met een @ en een domeinnaam. Bijvoorbeeld: naam@domein.nl');
    expect(validateEmail('melder@example.com')).toBeUndefined();
  });
});

describe('photos', () => {
  it('allows at most 3 files', () => {
    const four = [1, 2, 3, 4].map((i) => photo(`${i}.jpg`, 100 * KB));
    expect(validateFiles(four)).toBe('U kunt maximaal 3 bestanden uploaden');
    expect(validateFiles(four.slice(0, 3))).toBeUndefined();
  });
  it('allows jpeg, jpg, png and gif only', () => {
    expect(validateFile(photo('a.bmp', 100 * KB, 'image/bmp'))).toBe(
      'Dit bestandstype wordt niet ondersteund. Toegestaan zijn: jpeg, jpg, png, gif.',
    );
    expect(validateFile(photo('a.png', 100 * KB, 'image/png'))).toBeUndefined();
    expect(validateFile(photo('a.gif', 100 * KB, 'image/gif'))).toBeUndefined();
  });
  it('treats a file ending in .pdf as a pdf, whatever type the browser reports', () => {
    expect(fileTypeOf(photo('scan.PDF', 100 * KB, 'image/jpeg'))).toBe('application/pdf');
    expect(validateFile(photo('scan.pdf', 100 * KB, 'image/jpeg'))).toMatch(/^Dit bestandstype wordt niet ondersteund/);
  });
  it('needs at least 30 KiB', () => {
    expect(validateFile(photo('a.jpg', 30 * KB - 1))).toBe('Dit bestand is te klein. De minimale bestandsgrootte is 30 kB.');
    expect(validateFile(photo('a.jpg', 30 * KB))).toBeUndefined();
  });
  it('allows at most 20 MiB', () => {
    expect(validateFile(photo('a.jpg', 20 * KB * KB + 1))).toBe('Dit bestand is te groot. De maximale bestandsgrootte is 20 MB.');
    expect(validateFile(photo('a.jpg', 20 * KB * KB))).toBeUndefined();
  });
});

/**
 * The closing line of every mail to a resident: the municipality's name ('Gemeente Amsterdam'),
 * from the deployment's municipality file (`municipality`), else the default configuration's.
 * Set once when the app is built (app.ts), read by every mail.
 */
import { DEFAULT_MUNICIPALITY, mailSignature } from '@meldloket/engine';

let municipality = DEFAULT_MUNICIPALITY;

export function setMailMunicipality(name: unknown): void {
  municipality = typeof name === 'string' && name.trim() !== '' ? name.trim() : DEFAULT_MUNICIPALITY;
}

/** 'Gemeente Amsterdam'. */
export const signature = (): string => mailSignature(municipality);

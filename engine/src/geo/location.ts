import type { Address, Coordinates, IncidentLocation } from '../incident/types.ts';

export const PINNED_ON_MAP = 'Locatie is gepind op de kaart';

/** A location counts as set only when both latitude and longitude are non-zero. */
export function isLocationSet(location: Coordinates | IncidentLocation | null | undefined): boolean {
  if (!location) return false;
  const coordinates = 'coordinates' in location ? location.coordinates : location;
  if (!coordinates) return false;
  return Boolean(coordinates.lat) && Boolean(coordinates.lng);
}

/** 'Dam 1A-2': street, house number, letter and '-' addition. */
export function formatStreetLine(address: Address): string {
  const number = `${address.huisnummer ?? ''}${address.huisletter ?? ''}`;
  const addition = address.huisnummer_toevoeging ? `-${address.huisnummer_toevoeging}` : '';
  return [address.openbare_ruimte ?? '', `${number}${addition}`].filter(Boolean).join(' ').trim();
}

/** A Dutch postcode as it is written: '1053SN' and '1053 sn' → '1053 SN'; anything else as given. */
export function formatPostcode(postcode: string): string {
  const match = /^\s*(\d{4})\s*([A-Za-z]{2})\s*$/.exec(postcode);
  return match ? `${match[1]} ${match[2].toUpperCase()}` : postcode.trim();
}

/** '1012 JS Amsterdam': postcode and town. */
export function formatPostcodeLine(address: Address): string {
  return [formatPostcode(address.postcode ?? ''), address.woonplaats ?? ''].filter(Boolean).join(' ').trim();
}

/** One-line address: 'Dam 1A-2, 1012 JS Amsterdam'. Empty when there is no address. */
export function formatAddress(address: Address | null | undefined): string {
  if (!address) return '';
  return [formatStreetLine(address), formatPostcodeLine(address)].filter(Boolean).join(', ');
}

function hasAddress(address: Address | null | undefined): address is Address {
  return Boolean(address && (address.openbare_ruimte || address.postcode || address.woonplaats));
}

/**
 * The lines of the location summary: district, street line, postcode line.
 * Without an address: the single line 'Locatie is gepind op de kaart'.
 */
export function locationSummaryLines(location: Pick<IncidentLocation, 'address'> & { stadsdeel?: string }): string[] {
  const { address } = location;
  if (!hasAddress(address)) return [PINNED_ON_MAP];
  const district = location.stadsdeel ?? address.stadsdeel;
  return [district ?? '', formatStreetLine(address), formatPostcodeLine(address)].filter((line) => line !== '');
}

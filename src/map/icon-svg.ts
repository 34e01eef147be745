/**
 * Marker icons as inline SVG (no image files to fetch): one shape per object
 * kind, a badge for reported (!) and checked (✓) objects, and a highlighted
 * version when chosen. Size 40 px, or 20 px when zoomed out (docs/reference/limits.md#constants).
 * Without Leaflet (icons.ts makes Leaflet icons of them), so the small map can draw its pin too.
 */
export const ICON_SIZE = 40;
export const ICON_SIZE_SMALL = 20;

const CONTAINER_COLOURS: Record<string, string> = {
  'container-rest': '#5a5a5a',
  'container-papier': '#1d5fa8',
  'container-glas': '#2f7d32',
  'container-plastic': '#d66a00',
  'container-textiel': '#7b3f98',
  'container-gft': '#5b8c2a',
};

/** Every lamp sits on the same yellow disc; the dark figure on it tells the kinds apart. */
const LAMP_DISC = '<circle cx="20" cy="20" r="15" fill="#ffd21f" stroke="#1a1a1a" stroke-width="2.5"/>';
const STREETLIGHTS: Record<string, string> = {
  // a bulb: any other light point
  'streetlight-overig': '<path d="M20 11a6 6 0 0 0-3.5 10.9V25h7v-3.1A6 6 0 0 0 20 11z" fill="#1a1a1a"/><rect x="17" y="26.5" width="6" height="2.5" fill="#1a1a1a"/>',
  // a canal post: a tall post with a lantern on top
  'streetlight-grachtmast': '<path d="M16 9h8l-1.5 7h-5z" fill="#1a1a1a"/><rect x="18.75" y="16" width="2.5" height="14" fill="#1a1a1a"/><rect x="15.5" y="29" width="9" height="2.5" fill="#1a1a1a"/>',
  // hung over the street: a wire across with a lamp below it
  'streetlight-overspanning': '<path d="M7 13 20 17 33 13" stroke="#1a1a1a" stroke-width="2" fill="none"/><rect x="19" y="17" width="2" height="4" fill="#1a1a1a"/><path d="M14.5 21h11l-2 6h-7z" fill="#1a1a1a"/>',
  // on a façade: a wall on the left, an arm and the lamp
  'streetlight-gevelarmatuur': '<rect x="10" y="9" width="3.5" height="22" fill="#1a1a1a"/><path d="M13.5 15h8v2.5h-8z" fill="#1a1a1a"/><path d="M19 17.5h8l-1.5 7h-5z" fill="#1a1a1a"/>',
  // a floodlight: a lamp head throwing a wide beam
  'streetlight-schijnwerper': '<rect x="10" y="16" width="7" height="8" rx="1" fill="#1a1a1a"/><path d="M17 17 30 11v18l-13-6z" fill="#1a1a1a" opacity="0.55"/><rect x="12" y="24" width="3" height="6" fill="#1a1a1a"/>',
};

function shape(iconId: string | undefined): string {
  if (iconId === 'clock') {
    return '<circle cx="20" cy="20" r="14" fill="#fff" stroke="#1a1a1a" stroke-width="3"/><path d="M20 11v9l6 4" stroke="#1a1a1a" stroke-width="3" fill="none" stroke-linecap="round"/>';
  }
  if (iconId === 'oak') {
    return '<circle cx="20" cy="15" r="11" fill="#3b7a2a" stroke="#1f4716" stroke-width="2"/><rect x="17" y="24" width="6" height="12" fill="#6b4a2b"/>';
  }
  if (iconId === 'tree') {
    // A street tree: a lighter, rounder crown than the oak, on a slim trunk.
    return '<rect x="18" y="22" width="4" height="15" fill="#6b4a2b"/><circle cx="20" cy="16" r="12" fill="#6aa84f" stroke="#2f5d1e" stroke-width="2"/><circle cx="15" cy="13" r="3" fill="#8cc26f"/>';
  }
  if (iconId?.startsWith('container')) {
    const colour = CONTAINER_COLOURS[iconId] ?? '#5a5a5a';
    return `<rect x="7" y="9" width="26" height="25" rx="3" fill="${colour}" stroke="#1a1a1a" stroke-width="2"/><rect x="5" y="6" width="30" height="5" rx="2" fill="#1a1a1a"/>`;
  }
  if (iconId === 'pin') {
    return '<path d="M20 38c-1-6-12-14-12-24a12 12 0 0 1 24 0c0 10-11 18-12 24z" fill="#c0001c" stroke="#7a0012" stroke-width="2"/><circle cx="20" cy="14" r="5" fill="#fff"/>';
  }
  if (iconId && iconId in STREETLIGHTS) return LAMP_DISC + STREETLIGHTS[iconId];
  // Any other lamp (and anything else): a bulb.
  return LAMP_DISC + STREETLIGHTS['streetlight-overig'];
}

const BADGE: Record<string, string> = {
  reported: '<circle cx="32" cy="8" r="7" fill="#c0001c" stroke="#fff" stroke-width="1.5"/><path d="M32 4v5M32 11.5v.5" stroke="#fff" stroke-width="2.2" stroke-linecap="round"/>',
  checked: '<circle cx="32" cy="8" r="7" fill="#2f7d32" stroke="#fff" stroke-width="1.5"/><path d="M28.5 8l2.5 2.5 4.5-5" stroke="#fff" stroke-width="2" fill="none"/>',
  selected: '<circle cx="32" cy="32" r="7.5" fill="#00527f" stroke="#fff" stroke-width="2"/><path d="M28.5 32l2.5 2.5 4.5-5" stroke="#fff" stroke-width="2.2" fill="none"/>',
};

/**
 * A chosen object is drawn differently, not only badged: the figure shrinks onto a
 * solid dark-blue disc with a white ring, and carries the check badge.
 */
const SELECTED_BACKDROP = '<circle cx="20" cy="20" r="19.5" fill="#00527f"/><circle cx="20" cy="20" r="16" fill="#fff"/>';

/** The SVG markup of an icon. */
export function iconSvg(iconId: string | undefined, state?: 'reported' | 'checked' | 'selected'): string {
  const figure = state === 'selected' ? `${SELECTED_BACKDROP}<g transform="translate(20 20) scale(0.72) translate(-20 -20)">${shape(iconId)}</g>` : shape(iconId);
  return `<svg xmlns="http://www.w3.org/2000/svg" width="40" height="40" viewBox="0 0 40 40">${figure}${state ? BADGE[state] : ''}</svg>`;
}

export function iconUrl(iconId: string | undefined, state?: 'reported' | 'checked' | 'selected'): string {
  return `data:image/svg+xml;charset=utf-8,${encodeURIComponent(iconSvg(iconId, state))}`;
}


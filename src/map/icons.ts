/** Leaflet icons of the marker SVGs (icon-svg.ts). */
import L from 'leaflet';
import { ICON_SIZE, ICON_SIZE_SMALL, iconUrl } from './icon-svg.ts';

export { ICON_SIZE, ICON_SIZE_SMALL, iconSvg, iconUrl } from './icon-svg.ts';

const cache = new Map<string, L.Icon>();

/** Every marker one can tap is at least this big: the icon plus transparent padding (WCAG 2.5.5). */
export const TOUCH_TARGET = 44;

/**
 * A Leaflet icon for an object; pins are anchored at their tip, objects at their centre.
 * The image gets transparent padding up to a 44 px target (map.css, .ml-map-marker--pad-*),
 * and the anchor moves by the same padding so the figure stays on its point.
 */
export function markerIcon(iconId: string | undefined, state: 'reported' | 'checked' | 'selected' | undefined, small = false): L.Icon {
  const key = `${iconId}|${state}|${small}`;
  const cached = cache.get(key);
  if (cached) return cached;
  const size = small ? ICON_SIZE_SMALL : ICON_SIZE;
  const pad = (TOUCH_TARGET - size) / 2;
  const icon = L.icon({
    iconUrl: iconUrl(iconId, state),
    iconSize: [size, size],
    iconAnchor: iconId === 'pin' ? [size / 2 + pad, size + pad] : [size / 2 + pad, size / 2 + pad],
    className: `ml-map-marker ml-map-marker--pad-${pad}`,
  });
  cache.set(key, icon);
  return icon;
}

/**
 * Keyboard shortcuts of the detail page: one letter per common action. They never
 * fire while the handler types in a field, with a modifier key held, or when
 * switched off (WCAG 2.1.4: single-key shortcuts can be turned off; the choice is
 * kept in the browser).
 */
import { INCIDENT_TEXTS } from './texts.ts';

export type ShortcutAction = 'status' | 'note' | 'history' | 'split' | 'overview';

export const SHORTCUTS: ReadonlyArray<{ key: string; action: ShortcutAction; label: string }> = [
  { key: 's', action: 'status', label: INCIDENT_TEXTS.shortcuts.status },
  { key: 'n', action: 'note', label: INCIDENT_TEXTS.shortcuts.note },
  { key: 'g', action: 'history', label: INCIDENT_TEXTS.shortcuts.history },
  { key: 'd', action: 'split', label: INCIDENT_TEXTS.shortcuts.split },
  { key: 'o', action: 'overview', label: INCIDENT_TEXTS.shortcuts.overview },
];

export const SHORTCUTS_OFF_KEY = 'meldloket.shortcutsOff';

/** Whether the key went to something the handler types in or operates by keys itself. */
export function isTypingTarget(target: EventTarget | null): boolean {
  if (!target || typeof (target as Element).closest !== 'function') return false;
  const element = target as HTMLElement;
  if (element.isContentEditable) return true;
  return Boolean(element.closest('input, textarea, select, [contenteditable=""], [contenteditable="true"], [role="application"], .leaflet-container, dialog[open]'));
}

/** The action of a key press, or null when it is not a shortcut here. */
export function shortcutFor(event: Pick<KeyboardEvent, 'key' | 'altKey' | 'ctrlKey' | 'metaKey' | 'target' | 'defaultPrevented'>): ShortcutAction | null {
  if (event.defaultPrevented || event.altKey || event.ctrlKey || event.metaKey) return null;
  if (isTypingTarget(event.target)) return null;
  return SHORTCUTS.find((s) => s.key === event.key.toLowerCase())?.action ?? null;
}

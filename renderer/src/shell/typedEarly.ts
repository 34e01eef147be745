/**
 * Text typed into a page rendered ahead, before the app took it over. Preact writes a text area's
 * value while it takes the page over (hydration; a text area's text is its content in HTML), so
 * what a resident typed there would be gone before a widget could see it. The app notes it first
 * (`noteTypedText`, right before hydrating) and the widget hands it on (`takeTypedText`).
 */
interface Typed {
  value: string;
  selectionStart: number;
  selectionEnd: number;
}

const typed = new WeakMap<Element, Typed>();

/** Notes the text of every text area under `root` that differs from what the HTML put there. */
export function noteTypedText(root: ParentNode): void {
  for (const area of root.querySelectorAll('textarea')) {
    if (area.value !== area.defaultValue) typed.set(area, { value: area.value, selectionStart: area.selectionStart, selectionEnd: area.selectionEnd });
  }
}

/**
 * Puts text noted for `area` back into it (with the caret where it was, if the resident is still
 * typing there) and forgets it. Returns the area's text.
 */
export function takeTypedText(area: HTMLTextAreaElement): string {
  const noted = typed.get(area);
  typed.delete(area);
  if (noted && area.value !== noted.value) {
    area.value = noted.value;
    if (document.activeElement === area) area.setSelectionRange(noted.selectionStart, noted.selectionEnd);
  }
  return area.value;
}

/** Keeps Tab and Shift+Tab inside a modal dialog: from the last stop to the first and back. */
export function trapFocus(event: KeyboardEvent, dialog: Element): void {
  const items = [...dialog.querySelectorAll<HTMLElement>('a[href], button:not([disabled]), summary, input')].filter((el) => el.tabIndex >= 0 && el.getClientRects().length);
  const first = items[0];
  const last = items[items.length - 1];
  const active = document.activeElement;
  const to = !dialog.contains(active) ? (event.shiftKey ? last : first) : event.shiftKey ? (active === first ? last : null) : active === last ? first : null;
  if (!to) return;
  event.preventDefault();
  to.focus();
}

import { storage } from './storage';

const KEY = (group: string) => `docsgen.tabs.${group}`;

/** The closest choice when a Tabs lacks the chosen one (guides have Node.js but no browser JavaScript). */
const SIBLING: Record<string, string> = { javascript: 'nodejs', nodejs: 'javascript' };

/** Shows `value`, or its sibling when this Tabs has no `value`; false when it has neither. */
function select(tabs: Element, value: string, focus = false): boolean {
  const buttons = [...tabs.querySelectorAll<HTMLButtonElement>(':scope > .tabs-list > [role="tab"]')];
  const target = buttons.find((b) => b.dataset.value === value) ?? buttons.find((b) => b.dataset.value === SIBLING[value]);
  if (!target) return false;
  for (const button of buttons) {
    const selected = button === target;
    button.setAttribute('aria-selected', String(selected));
    button.tabIndex = selected ? 0 : -1;
  }
  for (const panel of tabs.querySelectorAll<HTMLElement>(':scope > [role="tabpanel"]')) panel.hidden = panel.dataset.value !== target.dataset.value;
  if (focus) target.focus();
  return true;
}

/** Shows the remembered choice in every Tabs of the page (on load and after client-side navigation). */
export function applyStoredTabs(): void {
  for (const tabs of document.querySelectorAll<HTMLElement>('.tabs')) {
    const group = tabs.dataset.tabsGroup;
    const stored = group ? storage.get(KEY(group)) : null;
    if (stored) select(tabs, stored);
  }
}

/** Switch panels; every Tabs of the same group follows, and the choice is remembered. Once per session. */
export function setupTabs(): void {
  const choose = (tabs: HTMLElement, value: string, focus: boolean) => {
    const all = [...document.querySelectorAll<HTMLElement>('.tabs')];
    const group = tabs.dataset.tabsGroup;
    if (!group) {
      select(tabs, value, focus);
      return;
    }
    const top = tabs.getBoundingClientRect().top;
    for (const other of all) if (other.dataset.tabsGroup === group) select(other, value, focus && other === tabs);
    // keep the clicked tabs where they were, even if blocks above changed height
    window.scrollBy(0, tabs.getBoundingClientRect().top - top);
    storage.set(KEY(group), value);
  };
  document.addEventListener('click', (event) => {
    const button = (event.target as Element).closest<HTMLButtonElement>('.tabs-tab');
    if (button) choose(button.closest<HTMLElement>('.tabs')!, button.dataset.value!, false);
  });
  document.addEventListener('keydown', (event) => {
    const button = (event.target as Element).closest?.<HTMLButtonElement>('.tabs-tab');
    if (!button || !['ArrowLeft', 'ArrowRight', 'Home', 'End'].includes(event.key)) return;
    const buttons = [...button.parentElement!.querySelectorAll<HTMLButtonElement>('.tabs-tab')];
    const i = buttons.indexOf(button);
    const next = event.key === 'Home' ? 0 : event.key === 'End' ? buttons.length - 1 : (i + (event.key === 'ArrowRight' ? 1 : -1) + buttons.length) % buttons.length;
    event.preventDefault();
    choose(button.closest<HTMLElement>('.tabs')!, buttons[next]!.dataset.value!, true);
  });
}

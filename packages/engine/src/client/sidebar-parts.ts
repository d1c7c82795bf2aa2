/**
 * A large sidebar sends the categories away from the current page as a link to their index
 * (`<details data-sidebar-part="/_sidebar/…">`); this loads such a category's list when the reader
 * opens it, or follows the link to the index page when the list cannot be loaded.
 */
async function load(details: HTMLDetailsElement): Promise<void> {
  const url = details.dataset.sidebarPart;
  const list = details.querySelector(':scope > ul');
  if (!url || !list) return;
  delete details.dataset.sidebarPart; // one attempt per category
  try {
    const response = await fetch(url);
    if (!response.ok) return;
    const { html } = (await response.json()) as { html: string };
    list.innerHTML = html;
    for (const link of list.querySelectorAll<HTMLAnchorElement>('a.sidebar-link')) {
      if (link.pathname !== location.pathname) continue;
      link.classList.add('active');
      link.setAttribute('aria-current', 'page');
    }
  } catch {
    // offline or blocked: the category keeps its link to the index page
  }
}

export function setupSidebarParts(): void {
  document.addEventListener(
    'toggle',
    (event) => {
      const details = event.target;
      if (details instanceof HTMLDetailsElement && details.open && details.dataset.sidebarPart) void load(details);
    },
    true,
  );
}

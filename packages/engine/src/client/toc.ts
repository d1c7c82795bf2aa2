let observer: IntersectionObserver | null = null;

/** Highlights the table-of-contents entry of the section being read. Per page. */
export function setupToc(): void {
  observer?.disconnect();
  observer = null;
  const links = [...document.querySelectorAll<HTMLAnchorElement>('.toc .toc-link')];
  if (!links.length || !('IntersectionObserver' in window)) return;
  const byId = new Map(links.map((a) => [decodeURIComponent(a.hash.slice(1)), a]));
  // Headings inside hidden tab panels have no box and never count as the section being read.
  const headings = [...byId.keys()].map((id) => document.getElementById(id)).filter((h): h is HTMLElement => Boolean(h && h.getClientRects().length));
  const visible = new Set<Element>();
  const update = () => {
    const current = headings.find((h) => visible.has(h)) ?? [...headings].reverse().find((h) => h.getBoundingClientRect().top < 120);
    for (const a of links) a.classList.toggle('active', current !== undefined && byId.get(current.id) === a);
  };
  observer = new IntersectionObserver((entries) => {
    for (const e of entries) (e.isIntersecting ? visible.add(e.target) : visible.delete(e.target));
    update();
  }, { rootMargin: '-64px 0px -60% 0px' });
  for (const h of headings) observer.observe(h);
}

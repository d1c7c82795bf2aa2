/**
 * Island loader: hydrates `<docsgen-island>` elements when their strategy says so. The island's
 * bundle (and React with it) is fetched only then. A click that arrives before hydration is
 * replayed on the same element once React has attached.
 */
type Mount = (element: HTMLElement, props: unknown) => void;

function whenAttached(target: Element, tries = 40): Promise<void> {
  return new Promise((resolve) => {
    const poll = (left: number) => {
      if (left <= 0 || Object.keys(target).some((k) => k.startsWith('__reactProps'))) resolve();
      else setTimeout(() => poll(left - 1), 25);
    };
    poll(tries);
  });
}

export function setupIslands(): void {
  for (const element of document.querySelectorAll<HTMLElement>('docsgen-island')) {
    // Islands outside the swapped area (the Test Card) survive client-side navigation: set up once.
    if (element.dataset.ready !== undefined) continue;
    element.dataset.ready = '';
    let started = false;
    let mounted = false;
    let pendingClick: HTMLElement | null = null;
    const start = async () => {
      if (started || !element.dataset.src) return;
      started = true;
      const module = (await import(element.dataset.src)) as { default: Mount };
      module.default(element, JSON.parse(element.dataset.props ?? '{}'));
      mounted = true;
      if (pendingClick) {
        const target = pendingClick;
        pendingClick = null;
        await whenAttached(target);
        target.click();
      }
    };
    switch (element.dataset.hydrate) {
      case 'load':
        void start();
        break;
      case 'idle':
        ('requestIdleCallback' in window ? requestIdleCallback : setTimeout)(() => void start());
        break;
      case 'visible': {
        const observer = new IntersectionObserver((entries) => {
          if (entries.some((e) => e.isIntersecting)) {
            observer.disconnect();
            void start();
          }
        });
        observer.observe(element.firstElementChild ?? element);
        break;
      }
      default: {
        const trigger = () => void start();
        for (const type of ['pointerenter', 'focusin', 'touchstart'] as const) element.addEventListener(type, trigger, { once: true, passive: true, capture: true });
        element.addEventListener(
          'click',
          (event) => {
            if (mounted) return;
            const target = (event.target as Element).closest<HTMLElement>('button, a, [tabindex]');
            if (target && target.tagName !== 'A') {
              event.preventDefault();
              pendingClick = target;
              void start();
            }
          },
          { capture: true },
        );
      }
    }
  }
}

/**
 * Island loader: hydrates `<docsgen-island>` elements when their strategy says so. The island's
 * bundle (and React with it) is fetched only then. A click that arrives before hydration is
 * replayed on the same element once React has attached.
 */
/** An island bundle's entry (build-islands.ts): hydrates, and resolves once React has committed. */
type Mount = (element: HTMLElement, props: unknown) => Promise<void>;

/** The island, hydrated; or after `ms` regardless, so a click is never held back for long. */
const hydratedWithin = (hydrated: Promise<void>, ms = 1_000): Promise<void> => Promise.race([hydrated, new Promise<void>((resolve) => setTimeout(resolve, ms))]);

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
      const hydrated = module.default(element, JSON.parse(element.dataset.props ?? '{}'));
      mounted = true;
      if (pendingClick) {
        const target = pendingClick;
        pendingClick = null;
        await hydratedWithin(hydrated);
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

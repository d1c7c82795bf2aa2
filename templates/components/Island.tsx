import { createElement, type ComponentType } from 'react';

export type HydrateStrategy = 'load' | 'idle' | 'visible' | 'interaction';

/**
 * Marks an interactive component as an island: rendered here on the server, hydrated in the browser
 * by the island loader when `hydrate` says so. React is fetched only when the first island hydrates.
 * The renderer fills `data-src` with the island's hashed bundle URL.
 */
export function Island<P extends object>({ name, component, props, hydrate }: { name: string; component: ComponentType<P>; props: P; hydrate: HydrateStrategy }) {
  return createElement(
    'docsgen-island',
    { 'data-island': name, 'data-hydrate': hydrate, 'data-props': JSON.stringify(props), style: { display: 'contents' } },
    createElement(component, props),
  );
}

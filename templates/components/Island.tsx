import { createContext, createElement, use, type ComponentType } from 'react';
import type { IslandUrls } from '../../packages/engine/src/shared/render-data';

export type HydrateStrategy = 'load' | 'idle' | 'visible' | 'interaction';

/**
 * The bundle URL of every island, from the renderer (`PageProps.islands`). `Layout` provides it, so
 * an island anywhere in a page finds its URL without each template passing it down.
 */
export const IslandUrlsContext = createContext<IslandUrls>({});

/**
 * Marks an interactive component as an island: rendered here on the server, hydrated in the browser
 * by the island loader when `hydrate` says so. React is fetched only when the first island hydrates.
 * `data-src` is the island's hashed bundle (absent when the build has none by that name: the island
 * then stays server-rendered HTML).
 */
export function Island<P extends object>({ name, component, props, hydrate }: { name: string; component: ComponentType<P>; props: P; hydrate: HydrateStrategy }) {
  const src = use(IslandUrlsContext)[name];
  return createElement(
    'docsgen-island',
    { 'data-island': name, ...(src ? { 'data-src': src } : {}), 'data-hydrate': hydrate, 'data-props': JSON.stringify(props) },
    createElement(component, props),
  );
}

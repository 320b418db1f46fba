import { lazy, type ComponentType } from 'react';

/**
 * React.lazy for a module's named export: `lazyNamed(() => import('./Dialog'), 'Dialog')` draws
 * nothing of it until first rendered, then loads the module (a chunk of its own) and draws it.
 */
export function lazyNamed<M, K extends keyof M>(load: () => Promise<M>, name: K) {
  return lazy(() => load().then((m) => ({ default: m[name] as Named<M[K]> })));
}

/** The component type of a module's export (its props kept). */
export type Named<C> = C extends ComponentType<infer P> ? ComponentType<P> : never;

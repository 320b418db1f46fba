import { lazy, type LazyExoticComponent } from 'react';
import type { Named } from './lazy-named';

type Loaders = Record<string, () => Promise<object>>;
type Export<L extends Loaders, K extends keyof L> = Awaited<ReturnType<L[K]>>[K &
  keyof Awaited<ReturnType<L[K]>>];

/**
 * The parts of a page that load on demand, each a module's export named by its key:
 * `const { Panel, Form } = lazyParts({ Panel: () => import('./Panel'), Form: () => import('./Form') })`
 * (lazyNamed for each; written out here so the entry chunk, which holds lazyNamed, need not export it).
 */
export function lazyParts<L extends Loaders>(loaders: L) {
  const parts: Record<string, unknown> = {};
  for (const [name, load] of Object.entries(loaders)) {
    parts[name] = lazy(() => load().then((m) => ({ default: m[name as keyof typeof m] as never })));
  }
  return parts as { [K in keyof L]: LazyExoticComponent<Named<Export<L, K>>> };
}

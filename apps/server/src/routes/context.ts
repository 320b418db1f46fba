import type { SpaServer } from '../plugins/spa';

/** What the plain routes get besides the app's dependencies: the SPA server (host routing). */
export type RouteContext = { spa: SpaServer };

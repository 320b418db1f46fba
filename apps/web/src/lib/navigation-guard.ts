import { parsePath, UNSAFE_createBrowserHistory, type Location, type To } from 'react-router';

/**
 * The app's browser history with a navigation guard. The app uses react-router's declarative
 * router (about half the size of the data router, which only useBlocker needed); this gives
 * back what useBlocker did: in-app navigations (push, replace, back/forward) can be held until
 * the user decides.
 */
export type ShouldBlock = (current: Location, next: { pathname: string }) => boolean;

const browserHistory = UNSAFE_createBrowserHistory({ v5Compat: true });
const push = browserHistory.push.bind(browserHistory);
const replace = browserHistory.replace.bind(browserHistory);
const listen = browserHistory.listen.bind(browserHistory);

const guards = new Set<ShouldBlock>();
const subscribers = new Set<() => void>();
let current: Location = browserHistory.location;
/** What to do if the user chooses to leave; null when nothing is held. */
let held: (() => void) | null = null;
/** Pops we caused ourselves: one to undo a blocked back/forward, one to redo it on proceed. */
let swallowNextPop = false;
let allowNextPop = false;

const notify = () => subscribers.forEach((fn) => fn());
const pathnameOf = (to: To) =>
  (typeof to === 'string' ? parsePath(to).pathname : to.pathname) ?? current.pathname;
const blocks = (pathname: string) => [...guards].some((guard) => guard(current, { pathname }));

function hold(action: () => void) {
  held = action;
  notify();
}

export const history: typeof browserHistory = Object.assign(browserHistory, {
  push(to: To, state?: unknown) {
    if (blocks(pathnameOf(to))) hold(() => push(to, state));
    else push(to, state);
  },
  replace(to: To, state?: unknown) {
    if (blocks(pathnameOf(to))) hold(() => replace(to, state));
    else replace(to, state);
  },
  listen(listener: Parameters<typeof browserHistory.listen>[0]) {
    return listen((update) => {
      if (update.action === 'POP') {
        if (swallowNextPop) {
          swallowNextPop = false;
          return;
        }
        if (!allowNextPop && update.delta && blocks(update.location.pathname)) {
          const delta = update.delta;
          swallowNextPop = true;
          browserHistory.go(-delta);
          hold(() => {
            allowNextPop = true;
            browserHistory.go(delta);
          });
          return;
        }
        allowNextPop = false;
      }
      current = update.location;
      listener(update);
    });
  },
});

/** Registers a guard while mounted; returns an unregister function. */
export function addNavigationGuard(guard: ShouldBlock): () => void {
  guards.add(guard);
  return () => {
    guards.delete(guard);
  };
}

export function subscribeHeldNavigation(callback: () => void): () => void {
  subscribers.add(callback);
  return () => {
    subscribers.delete(callback);
  };
}

export const isNavigationHeld = () => held !== null;

/** Carries out the held navigation. */
export function proceedHeldNavigation() {
  const action = held;
  held = null;
  notify();
  action?.();
}

/** Forgets the held navigation: the user stays. */
export function resetHeldNavigation() {
  held = null;
  notify();
}

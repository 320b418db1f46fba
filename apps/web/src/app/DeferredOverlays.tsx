import { notificationsStore } from '@mantine/notifications';
import { lazy, Suspense, useEffect, useState } from 'react';
import { lazyNamed } from '../lib/lazy-named';

/*
 * Modals and toasts are not part of the first paint: their providers (Modal, Portal, Transition,
 * focus trap, scroll lock…) load the first time a page asks for one. Pages keep calling
 * `modals.openConfirmModal(…)` and `notifications.show(…)` as usual.
 */

const ModalsProvider = lazyNamed(() => import('./modals-provider'), 'ModalsProvider');
const NotificationsLayer = lazy(() => import('./NotificationsLayer'));

// `modals.*` dispatch window events that ModalsProvider listens to. Until it is loaded, they are
// kept here (in order) and replayed once its listeners are attached.
const MODAL_EVENTS = [
  'openModal',
  'openConfirmModal',
  'openContextModal',
  'closeModal',
  'closeAllModals',
  'updateModal',
  'updateContextModal',
].map((name) => `mantine-modals:${name}`);
const queuedModalEvents: CustomEvent[] = [];
let onModalEventQueued: (() => void) | null = null;

function queueModalEvent(event: Event) {
  queuedModalEvents.push(event as CustomEvent);
  onModalEventQueued?.();
}
for (const type of MODAL_EVENTS) window.addEventListener(type, queueModalEvent);

/** Runs after ModalsProvider's layout effects (its listeners): hands it what was asked so far. */
function ReplayQueuedModalEvents() {
  useEffect(() => {
    for (const type of MODAL_EVENTS) window.removeEventListener(type, queueModalEvent);
    for (const event of queuedModalEvents.splice(0)) {
      window.dispatchEvent(new CustomEvent(event.type, { detail: event.detail }));
    }
  }, []);
  return null;
}

function ModalsHost() {
  const [needed, setNeeded] = useState(() => queuedModalEvents.length > 0);
  useEffect(() => {
    if (needed) return;
    onModalEventQueued = () => setNeeded(true);
    if (queuedModalEvents.length > 0) setNeeded(true);
    return () => {
      onModalEventQueued = null;
    };
  }, [needed]);
  if (!needed) return null;
  return (
    <Suspense fallback={null}>
      <ModalsProvider />
      <ReplayQueuedModalEvents />
    </Suspense>
  );
}

const hasNotifications = () => {
  const state = notificationsStore.getState();
  return state.notifications.length > 0 || state.queue.length > 0;
};

/** The toast renderer mounts on the first notification; it reads those shown so far from the store. */
function NotificationsHost() {
  const [needed, setNeeded] = useState(hasNotifications);
  useEffect(() => {
    if (needed) return;
    const check = () => {
      if (hasNotifications()) setNeeded(true);
    };
    check();
    const unsubscribe = notificationsStore.subscribe(check);
    return () => {
      unsubscribe();
    };
  }, [needed]);
  if (!needed) return null;
  return (
    <Suspense fallback={null}>
      <NotificationsLayer />
    </Suspense>
  );
}

/** Mount inside the Mantine provider: the deferred modal and notification layers. */
export function DeferredOverlays() {
  return (
    <>
      <ModalsHost />
      <NotificationsHost />
    </>
  );
}

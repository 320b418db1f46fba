import type { Kysely } from 'kysely';
import type { Database } from '@scmp/db';
import type { DomainEventMap, DomainEventName } from './domain-event-types';

export type {
  BrandingEvent,
  DomainEventMap,
  DomainEventName,
  InstanceEvent,
  JsonObject,
  JsonValue,
  MemberEvent,
  OrganizationEvent,
  TicketRepliedEvent,
} from './domain-event-types';

/**
 * Reacts to one event with the emitter's database handle: inside the emitter's transaction when it
 * emits in one, so what the handler writes commits or rolls back with the change.
 */
export type DomainEventHandler<K extends DomainEventName> = (
  db: Kysely<Database>,
  payload: DomainEventMap[K],
) => Promise<void>;

/**
 * In-process, in-transaction domain events (not the cross-process cache bus of events.ts). An area
 * calls `emit(trx, name, payload)` where it used to call the reacting area; the handlers
 * subscribed at the composition root (src/subscriptions.ts) run one after another, awaited, with
 * that same `trx`. A handler that throws fails the emit, and so the emitter's transaction.
 */
export type DomainEvents = {
  /** Adds a handler after the ones already there; returns its unsubscribe. */
  on<K extends DomainEventName>(name: K, handler: DomainEventHandler<K>): () => void;
  emit<K extends DomainEventName>(
    db: Kysely<Database>,
    name: K,
    payload: DomainEventMap[K],
  ): Promise<void>;
};

export function createDomainEvents(): DomainEvents {
  const handlers = new Map<DomainEventName, Array<DomainEventHandler<never>>>();
  return {
    on(name, handler) {
      const list = handlers.get(name) ?? [];
      handlers.set(name, list);
      const entry = handler as DomainEventHandler<never>;
      list.push(entry);
      return () => {
        const at = list.indexOf(entry);
        if (at >= 0) list.splice(at, 1);
      };
    },
    async emit(db, name, payload) {
      for (const handler of [...(handlers.get(name) ?? [])]) {
        await (handler as DomainEventHandler<typeof name>)(db, payload);
      }
    },
  };
}

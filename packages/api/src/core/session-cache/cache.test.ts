import { describe, expect, it } from 'vitest';
import { ALL_KEYS, createLocalEventBus } from '../events/events';
import { silentLogger } from '../logger';
import { createSessionCache, type CachedSession } from './cache';

function entry(userId: number, sessionId = userId * 10): CachedSession {
  return {
    user: { id: userId } as CachedSession['user'],
    session: { id: sessionId, user_id: userId } as CachedSession['session'],
  };
}

/** A bus whose "listening" state the test controls. */
function bus(connected = true) {
  const local = createLocalEventBus(() => silentLogger);
  const state = { connected };
  return { ...local, connected: () => state.connected, state };
}

describe('session cache', () => {
  it('serves what was stored, and forgets a user when the sessions channel names them', async () => {
    const events = bus();
    const cache = createSessionCache(events);
    cache.set('a', entry(1), cache.epoch());
    cache.set('b', entry(1, 11), cache.epoch());
    cache.set('c', entry(2), cache.epoch());
    expect(cache.get('a')?.session.id).toBe(10);
    await events.publish('sessions', '1');
    expect(cache.get('a')).toBeUndefined();
    expect(cache.get('b')).toBeUndefined();
    expect(cache.get('c')?.user.id).toBe(2);
    await events.publish('sessions', ALL_KEYS);
    expect(cache.size()).toBe(0);
  });

  it('refuses to store a read that started before a change was announced', async () => {
    const events = bus();
    const cache = createSessionCache(events);
    const epoch = cache.epoch();
    await events.publish('sessions', '7'); // e.g. a revocation committing while the read ran
    cache.set('a', entry(1), epoch);
    expect(cache.get('a')).toBeUndefined();
    cache.set('a', entry(1), cache.epoch());
    expect(cache.get('a')).toBeDefined();
  });

  it('serves and stores nothing while the event listener is down', () => {
    const events = bus();
    const cache = createSessionCache(events);
    cache.set('a', entry(1), cache.epoch());
    events.state.connected = false;
    expect(cache.get('a')).toBeUndefined();
    cache.set('b', entry(2), cache.epoch());
    events.state.connected = true;
    expect(cache.get('b')).toBeUndefined();
    expect(cache.get('a')).toBeDefined();
  });

  it('lets entries expire after the TTL and drops the oldest when full', () => {
    let now = 0;
    const cache = createSessionCache(bus(), { now: () => now, ttlMs: 1000, maxEntries: 2 });
    cache.set('a', entry(1), cache.epoch());
    cache.set('b', entry(2), cache.epoch());
    cache.set('c', entry(3), cache.epoch());
    expect(cache.get('a')).toBeUndefined();
    expect(cache.size()).toBe(2);
    now = 1000;
    expect(cache.get('b')).toBeUndefined();
  });
});

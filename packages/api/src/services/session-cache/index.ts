export { createSessionCache, type CachedSession, type SessionCache } from './cache';
export { sessionWritesPlugin } from './writes-plugin';

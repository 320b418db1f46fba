export { createSessionCache, SESSION_WRITES, type CachedSession, type SessionCache } from './cache';

/** The outcome of one counted attempt against a key's window. */
export type RateLimitResult = { allowed: boolean; count: number; retryAfterSeconds: number };

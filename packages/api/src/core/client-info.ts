/**
 * Who is at the other end of a request, as far as a service records or throttles it (the activity
 * log, security notices, sessions, per-address rate limits). The procedure passes it as an
 * argument, from the context the door built for the request; services never read the request.
 */
export type ClientInfo = { ip: string | null; userAgent: string | null };

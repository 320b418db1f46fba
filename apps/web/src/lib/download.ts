import { saveBlob } from './save-blob';
import { getStoredToken } from './token';
import type { ErrorEnvelope } from './trpc';

/** The Authorization header of a REST call made outside tRPC (uploads, downloads). */
export function bearerHeaders(): Record<string, string> {
  const token = getStoredToken();
  return token ? { Authorization: `Bearer ${token}` } : {};
}

/**
 * The error envelope of a failed REST response (null when its body is not JSON); with
 * `announceExpiry`, an expired session is announced to the app (`scmp:session-expired`).
 */
export async function failedBody(
  res: Response,
  { announceExpiry }: { announceExpiry: boolean },
): Promise<ErrorEnvelope | null> {
  const body = (await res.json().catch(() => null)) as ErrorEnvelope | null;
  if (announceExpiry && body?.session_expired) {
    window.dispatchEvent(new Event('scmp:session-expired'));
  }
  return body;
}

/** Saves a successful download response under the name its content-disposition gives. */
export async function saveResponse(res: Response, fallbackName: string): Promise<void> {
  const blob = await res.blob();
  const disposition = res.headers.get('content-disposition') ?? '';
  saveBlob(blob, /filename="([^"]+)"/.exec(disposition)?.[1] ?? fallbackName);
}

/** An error of a plain fetch call carrying the server's envelope (message, errors). */
export class EnvelopeError extends Error {
  readonly envelope: ErrorEnvelope | null;
  constructor(message: string, envelope: ErrorEnvelope | null) {
    super(message);
    this.envelope = envelope;
  }
}

/**
 * POST `form` as multipart/form-data with the bearer token and return the `data` of the success
 * envelope. A network failure, or any answer but a success envelope, throws `Failure` with the
 * server's message (or `fallback`); an expired session is announced.
 */
export async function postMultipart<T>(
  url: string,
  form: FormData,
  fallback: string,
  Failure: new (message: string, envelope: ErrorEnvelope | null) => EnvelopeError,
): Promise<T> {
  let response: Response;
  try {
    response = await fetch(url, {
      method: 'POST',
      headers: { Accept: 'application/json', ...bearerHeaders() },
      body: form,
    });
  } catch {
    throw new Failure(fallback, null);
  }
  const body = (await response.json().catch(() => null)) as
    { success: true; data: T } | ErrorEnvelope | null;
  if (!response.ok || !body || body.success !== true) {
    const envelope = body && body.success === false ? body : null;
    if (envelope?.session_expired) window.dispatchEvent(new Event('scmp:session-expired'));
    throw new Failure(envelope?.message || fallback, envelope);
  }
  return body.data;
}

export { saveBlob };

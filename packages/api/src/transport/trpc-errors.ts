import { TRPCError } from '@trpc/server';
import { ZodError } from 'zod';
import {
  AppError,
  coreErrorEnvelope,
  isDatabaseDown,
  type AppErrorCode,
  type ErrorEnvelope,
} from '../core/errors';

/**
 * The edge between the core's AppError and tRPC (as Documenso maps its AppError): services throw
 * AppError; the first middleware of every procedure turns it into a TRPCError of the matching
 * code (its cause the AppError), and every door answers both with the REST envelope.
 */
const trpcCodeOf: Record<AppErrorCode, TRPCError['code']> = {
  BAD_REQUEST: 'BAD_REQUEST',
  VALIDATION_ERROR: 'UNPROCESSABLE_CONTENT',
  UNAUTHENTICATED: 'UNAUTHORIZED',
  FORBIDDEN: 'FORBIDDEN',
  INSUFFICIENT_SCOPE: 'FORBIDDEN',
  REAUTH_REQUIRED: 'FORBIDDEN',
  SSO_REQUIRED: 'FORBIDDEN',
  TWO_FACTOR_REQUIRED: 'FORBIDDEN',
  NOT_FOUND: 'NOT_FOUND',
  METHOD_NOT_ALLOWED: 'METHOD_NOT_SUPPORTED',
  CONFLICT: 'CONFLICT',
  PAYLOAD_TOO_LARGE: 'PAYLOAD_TOO_LARGE',
  UNSUPPORTED_MEDIA_TYPE: 'UNSUPPORTED_MEDIA_TYPE',
  TOO_MANY_REQUESTS: 'TOO_MANY_REQUESTS',
  INTERNAL: 'INTERNAL_SERVER_ERROR',
  SERVICE_UNAVAILABLE: 'SERVICE_UNAVAILABLE',
};

/** A TRPCError carrying the AppError (its message, and the AppError as cause for the envelope). */
export function toTRPCError(error: AppError): TRPCError {
  return new TRPCError({ code: trpcCodeOf[error.appCode], message: error.message, cause: error });
}

/** tRPC's own errors (a malformed call, an unknown path) that carry no AppError. */
const trpcStatus: Partial<Record<TRPCError['code'], [number, AppErrorCode]>> = {
  BAD_REQUEST: [400, 'BAD_REQUEST'],
  PARSE_ERROR: [400, 'BAD_REQUEST'],
  UNAUTHORIZED: [401, 'UNAUTHENTICATED'],
  FORBIDDEN: [403, 'FORBIDDEN'],
  NOT_FOUND: [404, 'NOT_FOUND'],
  METHOD_NOT_SUPPORTED: [405, 'METHOD_NOT_ALLOWED'],
  CONFLICT: [409, 'CONFLICT'],
  PAYLOAD_TOO_LARGE: [413, 'PAYLOAD_TOO_LARGE'],
  UNSUPPORTED_MEDIA_TYPE: [415, 'UNSUPPORTED_MEDIA_TYPE'],
  UNPROCESSABLE_CONTENT: [422, 'VALIDATION_ERROR'],
  TOO_MANY_REQUESTS: [429, 'TOO_MANY_REQUESTS'],
  SERVICE_UNAVAILABLE: [503, 'SERVICE_UNAVAILABLE'],
};

/** Maps any thrown value, tRPC's or the core's, to the envelope (docs/api.md, "Using the SCMP API": one envelope). */
export function toErrorEnvelope(error: unknown): ErrorEnvelope {
  if (!(error instanceof TRPCError)) return coreErrorEnvelope(error);
  const cause = error.cause;
  if (cause instanceof AppError || cause instanceof ZodError) return coreErrorEnvelope(cause);
  if (isDatabaseDown(error)) return coreErrorEnvelope(error);
  const mapped = trpcStatus[error.code];
  if (mapped) {
    return {
      status: mapped[0],
      headers: {},
      body: { success: false, message: error.message, code: mapped[1] },
    };
  }
  return coreErrorEnvelope(cause ?? error);
}

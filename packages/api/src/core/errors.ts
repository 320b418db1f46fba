import { ZodError } from 'zod';

export type AppErrorCode =
  | 'BAD_REQUEST'
  | 'VALIDATION_ERROR'
  | 'UNAUTHENTICATED'
  | 'FORBIDDEN'
  | 'INSUFFICIENT_SCOPE'
  | 'REAUTH_REQUIRED'
  | 'SSO_REQUIRED'
  | 'TWO_FACTOR_REQUIRED'
  | 'NOT_FOUND'
  | 'METHOD_NOT_ALLOWED'
  | 'CONFLICT'
  | 'PAYLOAD_TOO_LARGE'
  | 'UNSUPPORTED_MEDIA_TYPE'
  | 'TOO_MANY_REQUESTS'
  | 'INTERNAL'
  | 'SERVICE_UNAVAILABLE';

const statusOf: Record<AppErrorCode, number> = {
  BAD_REQUEST: 400,
  VALIDATION_ERROR: 422,
  UNAUTHENTICATED: 401,
  FORBIDDEN: 403,
  INSUFFICIENT_SCOPE: 403,
  REAUTH_REQUIRED: 403,
  SSO_REQUIRED: 403,
  TWO_FACTOR_REQUIRED: 403,
  NOT_FOUND: 404,
  METHOD_NOT_ALLOWED: 405,
  CONFLICT: 409,
  PAYLOAD_TOO_LARGE: 413,
  UNSUPPORTED_MEDIA_TYPE: 415,
  TOO_MANY_REQUESTS: 429,
  INTERNAL: 500,
  SERVICE_UNAVAILABLE: 503,
};

export type FieldErrors = Record<string, string[]>;

/** Extra top-level fields of the error envelope (session_expired, email_verification_required, …). */
export type ErrorExtra = Record<string, unknown>;

/**
 * The one error type of the API, a plain error of the core: services throw it without knowing
 * any door. Its message is the user-facing text. The tRPC side maps it to a TRPCError
 * (trpc-errors.ts) and every door answers it with the envelope below.
 */
export class AppError extends Error {
  readonly appCode: AppErrorCode;
  readonly status: number;
  readonly errors: FieldErrors | undefined;
  readonly extra: ErrorExtra | undefined;
  readonly headers: Record<string, string> | undefined;

  constructor(
    appCode: AppErrorCode,
    message: string,
    options: {
      errors?: FieldErrors;
      extra?: ErrorExtra;
      headers?: Record<string, string>;
      cause?: unknown;
    } = {},
  ) {
    super(message, options.cause === undefined ? undefined : { cause: options.cause });
    this.name = 'AppError';
    this.appCode = appCode;
    this.status = statusOf[appCode];
    this.errors = options.errors;
    this.extra = options.extra;
    this.headers = options.headers;
  }
}

export const notFound = (message = 'Not found') => new AppError('NOT_FOUND', message);
export const conflict = (message: string) => new AppError('CONFLICT', message);
export const validationError = (field: string, message: string) =>
  new AppError('VALIDATION_ERROR', message, { errors: { [field]: [message] } });

/** The REST error body of docs/api.md (the envelope), plus its status and headers. */
export type ErrorEnvelope = {
  status: number;
  headers: Record<string, string>;
  body: {
    success: false;
    message: string;
    code: string;
    errors?: FieldErrors;
  } & ErrorExtra;
};

function fieldErrorsOf(error: ZodError): FieldErrors {
  const errors: FieldErrors = {};
  for (const issue of error.issues) {
    const key = issue.path.length > 0 ? issue.path.map(String).join('.') : '_';
    (errors[key] ??= []).push(issue.message);
  }
  return errors;
}

/** True when the database cannot be reached (connection refused/reset, pool timeout, closed PGlite). */
export function isDatabaseDown(error: unknown): boolean {
  const seen = new Set<unknown>();
  let current: unknown = error;
  while (current && typeof current === 'object' && !seen.has(current)) {
    seen.add(current);
    const e = current as { code?: unknown; message?: unknown; cause?: unknown };
    if (
      typeof e.code === 'string' &&
      ['ECONNREFUSED', 'ECONNRESET', 'ETIMEDOUT', '57P01', '57P03', '08006', '08001'].includes(
        e.code,
      )
    )
      return true;
    if (
      typeof e.message === 'string' &&
      /Connection terminated|timeout exceeded when trying to connect|is not queryable|PGlite is closed/i.test(
        e.message,
      )
    )
      return true;
    current = e.cause;
  }
  return false;
}

/**
 * Maps any thrown value of the core to the envelope (the doors use trpc-errors.ts's
 * toErrorEnvelope, which unwraps tRPC's errors first). Unknown errors become a 500 without
 * internals.
 */
export function coreErrorEnvelope(error: unknown): ErrorEnvelope {
  if (error instanceof AppError) {
    return {
      status: error.status,
      headers: error.headers ?? {},
      body: {
        success: false,
        message: error.message,
        code: error.appCode,
        ...(error.errors ? { errors: error.errors } : {}),
        ...error.extra,
      },
    };
  }
  if (error instanceof ZodError) {
    const errors = fieldErrorsOf(error);
    const first = error.issues[0]?.message ?? 'The given data was invalid.';
    return {
      status: 422,
      headers: {},
      body: { success: false, message: first, code: 'VALIDATION_ERROR', errors },
    };
  }
  if (isDatabaseDown(error)) {
    return {
      status: 503,
      headers: { 'retry-after': '5' },
      body: {
        success: false,
        message: 'The service is temporarily unavailable. Please try again shortly.',
        code: 'SERVICE_UNAVAILABLE',
      },
    };
  }
  const upload = malformedUploadEnvelope(error);
  if (upload) return upload;
  const cause = error instanceof Error ? error.cause : undefined;
  if (isUnstorableText(error) || isUnstorableText(cause)) {
    // PostgreSQL refuses NUL bytes (and untranslatable characters) in text: the input's fault.
    return {
      status: 400,
      headers: {},
      body: {
        success: false,
        message: 'The request contains characters that are not allowed.',
        code: 'BAD_REQUEST',
      },
    };
  }
  return {
    status: 500,
    headers: {},
    body: {
      success: false,
      message: 'Something went wrong on our side. Please try again.',
      code: 'INTERNAL',
    },
  };
}

/** PostgreSQL 22021 (invalid byte sequence, e.g. a NUL byte) or 22P05 (untranslatable character). */
function isUnstorableText(error: unknown): boolean {
  const code = (error as { code?: unknown } | null | undefined)?.code;
  return code === '22021' || code === '22P05';
}

/**
 * A client's broken multipart body (truncated, bad boundary: busboy's plain Errors) or a
 * multipart limit (Fastify FST_* errors with a 4xx statusCode) is the client's fault, not a 500.
 */
function malformedUploadEnvelope(error: unknown): ErrorEnvelope | undefined {
  if (!(error instanceof Error)) return undefined;
  const { code, statusCode } = error as { code?: unknown; statusCode?: unknown };
  if (
    typeof code === 'string' &&
    code.startsWith('FST_') &&
    typeof statusCode === 'number' &&
    statusCode >= 400 &&
    statusCode < 500
  ) {
    const appCode =
      statusCode === 413
        ? 'PAYLOAD_TOO_LARGE'
        : statusCode === 415
          ? 'UNSUPPORTED_MEDIA_TYPE'
          : 'BAD_REQUEST';
    const message =
      statusCode === 413
        ? 'The upload is too large.'
        : 'The upload could not be read. Please try again.';
    return { status: statusCode, headers: {}, body: { success: false, message, code: appCode } };
  }
  if (
    /^(Unexpected end of (form|file|multipart data)|Malformed (part header|content type)|Multipart: Boundary not found|Part terminated early)/i.test(
      error.message,
    )
  ) {
    return {
      status: 400,
      headers: {},
      body: {
        success: false,
        message: 'The upload could not be read. Please try again.',
        code: 'BAD_REQUEST',
      },
    };
  }
  return undefined;
}

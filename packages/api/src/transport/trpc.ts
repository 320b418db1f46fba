import { initTRPC } from '@trpc/server';
import type { OpenApiMeta } from 'trpc-to-openapi';
import type { Context } from './context';
import type { ApiScope } from '../contracts/api-tokens';
import type { OrganizationPermission } from '../contracts/roles';
import { AppError } from '../core/errors';
import { toErrorEnvelope, toTRPCError } from './trpc-errors';
import { assertVerified, guardApiToken } from '../domain/api-tokens';
import { SESSIONS_ONLY_TEXT, signedInCaller } from './caller';
import { runIdempotent } from './idempotent-call';
import { VERIFICATION_REQUIRED_TEXT } from '../contracts/auth-texts';
import { enforceTwoFactorPolicy, organizationOfInput } from '../domain/sso';
import type { SessionUser } from '../domain/sessions';

/** A procedure's meta: trpc-to-openapi's `openapi` and the fields of the operation below. */
export type Meta = OpenApiMeta & OperationFields;

/** What the pipeline and the REST door read from a procedure's meta besides `openapi`. */
export type OperationFields = {
  /** When a browser (Accept: text/html) opens this GET path on the REST door, serve the SPA instead. */
  spaForBrowsers?: boolean;
  /** HTTP status of a successful REST answer (default 200). */
  successStatus?: number;
  /** Works with or without a sign-in (documented as optional bearer auth): logout. */
  optionalAuth?: boolean;
  /**
   * A mutation that creates or charges: an Idempotency-Key header on it (either door) makes it run
   * once per key; see the idempotency step of authedProcedure.
   */
  idempotent?: boolean;
  /**
   * An idempotent operation whose input also carries its key as a body field (the billing
   * operations' `idempotency_key` of the product specification): an alias of the Idempotency-Key
   * header, for the same middleware and the one store. The field is left out of the request's
   * fingerprint, so the same key sent once as the header and once as the field replays.
   */
  idempotencyKeyField?: string;
  /**
   * Organization-scoped operations: the permission of contracts/roles.ts the caller's role needs.
   * Documented as x-organization-permission; the role-matrix test reads it and checks the service
   * enforces it (an organization-scoped operation without one fails that test).
   */
  permission?: OrganizationPermission;
  /**
   * The API-token scope this operation needs (documented as x-required-scope). An operation
   * without one is never reachable with an API token (token management, password, two-factor,
   * passkeys, sessions, profile edits, account deletion, logout, staff): 403 to any token.
   */
  scope?: ApiScope;
  /**
   * Answers its `openapi` path and method (`enabled: false`: another procedure owns them) when the
   * query sets this flag (rest-flag.ts): organizations.findPublic is GET /organizations?public=true.
   * The owner's one OpenAPI operation documents both (openapi.ts).
   */
  restFlag?: string;
  /**
   * Takes multipart/form-data (besides or instead of JSON): the REST door reads the text fields
   * into the input and the files of `fileField` (sent as `name`, `name[]` or `name[n]`) into an
   * array of File at input[fileField], within these limits; the procedure checks the rest.
   */
  multipart?: MultipartContract;
};

/**
 * A FormData body as a procedure's input: text fields by name (an empty optional one left out),
 * the files of the contract's field (`name`, `name[]`, `name[n]`) as one array of File.
 */
function formDataInput(form: FormData, contract: MultipartContract): Record<string, unknown> {
  const fields: Record<string, unknown> = {};
  const files: File[] = [];
  // A single-file upload takes its field by exactly that name; a list also as name[] or name[n].
  const fileField = new RegExp(`^${contract.fileField}${contract.single ? '' : '(\\[\\d*\\])?'}$`);
  const optional = new Set(contract.optionalFields ?? []);
  for (const [name, value] of form.entries()) {
    if (typeof value !== 'string') {
      if (!fileField.test(name)) throw contract.errors.unexpectedFileField(name);
      // A browser sends an empty part for an untouched file input.
      if (!value.name && value.size === 0) continue;
      if (value.size > contract.maxFileBytes) throw contract.errors.fileTooLarge();
      files.push(value);
      if (files.length > contract.maxFiles) throw contract.errors.tooManyFiles();
    } else if (name !== '__proto__' && !(value === '' && optional.has(name))) {
      fields[name] = value;
    }
  }
  if (files.length > 0) fields[contract.fileField] = contract.single ? files[0] : files;
  return fields;
}

/** The server's JSON body limit (Fastify's bodyLimit in apps/server/src/app.ts). */
const MAX_JSON_BODY_BYTES = 1024 * 1024;

function bodyTooLargeError(): AppError {
  return new AppError('PAYLOAD_TOO_LARGE', 'The request body is too large.');
}

/** Room for the text fields and part headers of a form beside its files. */
const FORM_OVERHEAD_BYTES = 1024 * 1024;

function maxFormBytes(contract: MultipartContract): number {
  return contract.maxFiles * contract.maxFileBytes + FORM_OVERHEAD_BYTES;
}

function notMultipartError(): AppError {
  return new AppError('UNSUPPORTED_MEDIA_TYPE', 'Send the file as multipart/form-data.');
}

export type MultipartContract = {
  fileField: string;
  maxFiles: number;
  maxFileBytes: number;
  /**
   * One file (an upload: logo, favicon, avatar): input[fileField] is that File, not an array, and
   * the body must be multipart/form-data (anything else answers errors.notMultipart).
   */
  single?: boolean;
  /** Most text fields and parts (files and fields) the form may have (default: the server's). */
  maxFields?: number;
  maxParts?: number;
  /** Text fields whose empty value means "not given" (a browser form sends them empty). */
  optionalFields?: readonly string[];
  /** The answers when the limits are passed or a file comes in another field. */
  errors: {
    tooManyFiles: () => Error;
    fileTooLarge: () => Error;
    unexpectedFileField: (field: string) => Error;
    /** More fields or parts than the limits (default: 422 "The form has too many fields."). */
    tooManyFields?: () => Error;
    /** A body that is not multipart/form-data sent to a single-file upload. */
    notMultipart?: () => Error;
  };
};

const t = initTRPC
  .context<Context>()
  .meta<Meta>()
  .create({
    errorFormatter({ shape, error }) {
      const envelope = toErrorEnvelope(error);
      const { stack: _stack, ...data } = shape.data;
      return {
        ...shape,
        message: envelope.body.message,
        data: { ...data, httpStatus: envelope.status, envelope: envelope.body },
      };
    },
  });

export const router = t.router;
export const middleware = t.middleware;
export const createCallerFactory = t.createCallerFactory;
/**
 * The first step of every procedure is one of the two below (public or signed in): each reads the
 * input (inputReading), runs its caller checks, and maps the core's AppError, thrown by those
 * checks or by anything after them, to the TRPCError of its code (the envelope keeps the AppError
 * as cause). One step, not several: each step of tRPC's chain costs every call a promise and an
 * options object. The throttles a call passes report RateLimit headers on its response through the
 * request's rate limiter, which createContext puts in ctx.deps (rate-limit-scope.ts).
 */
function reported<Result extends { ok: boolean; error?: { cause?: unknown } }>(
  result: Result,
): Result {
  if (!result.ok && result.error?.cause instanceof AppError) throw toTRPCError(result.error.cause);
  return result;
}

const asTRPCError = (error: unknown): unknown =>
  error instanceof AppError ? toTRPCError(error) : error;

/**
 * How the procedure's input is read (undefined: as tRPC reads it). An upload (meta.multipart) sent
 * as FormData, by either door, becomes the procedure's input object here, when the pipeline first
 * asks for the input (after the caller checks). One step of the chain with the error mapping above:
 * every step costs every call a promise and tRPC's options object.
 */
function inputReading(
  ctx: Context,
  meta: Meta | undefined,
  getRawInput: () => Promise<unknown>,
): { getRawInput: () => Promise<unknown> } | undefined {
  const contract = meta?.multipart;
  if (!contract) {
    // Any other operation takes at most a JSON body's size: a form sent to it (the tRPC door
    // would read it into memory whole) is refused unread when its input is asked for.
    const declared = ctx.req.bodyBytes;
    if (declared === undefined || declared <= MAX_JSON_BODY_BYTES) return undefined;
    return { getRawInput: () => Promise.reject(bodyTooLargeError()) };
  }
  let input: Promise<unknown> | undefined;
  const read = async () => {
    // A body larger than the files and fields allowed is refused unread (the tRPC door reads a
    // form into memory whole, before the per-file limits can apply).
    const declared = ctx.req.bodyBytes;
    if (declared !== undefined && declared > maxFormBytes(contract)) {
      throw contract.errors.fileTooLarge();
    }
    const raw = await getRawInput();
    if (raw instanceof FormData) return formDataInput(raw, contract);
    // An upload takes only a form: a JSON body (either door) is the wrong media type.
    if (contract.single) throw contract.errors.notMultipart?.() ?? notMultipartError();
    return raw;
  };
  return { getRawInput: () => (input ??= read()) };
}

/**
 * Anyone. An API token sent to an operation that acts on its user (one with a scope) must hold
 * that scope; one without a scope then answers 403 for tokens where the procedure says so.
 */
export const publicProcedure = t.procedure.use(async ({ ctx, meta, getRawInput, next }) => {
  const reading = inputReading(ctx, meta, getRawInput);
  try {
    if (ctx.apiToken && meta?.scope)
      await guardApiToken(ctx.deps, ctx.apiToken, meta.scope, ctx.responseHeaders);
    return reported(await (reading ? next(reading) : next()));
  } catch (error) {
    throw asTRPCError(error);
  }
});

export { VERIFICATION_REQUIRED_TEXT };

/**
 * Signed in with a live session or API token: the one caller check (signedInCaller: 401, with
 * session_expired for a revoked or expired token; an API token's scope and budget), then the
 * organization's two-factor requirement, then the Idempotency-Key.
 */
export const authedProcedure = t.procedure.use(
  async ({ ctx, meta, path, type, getRawInput, next }) => {
    const reading = inputReading(ctx, meta, getRawInput);
    const rawInput = reading?.getRawInput ?? getRawInput;
    try {
      const user = await signedInCaller(ctx, meta?.scope);
      await requireTwoFactor(ctx, user, meta, rawInput);
      // tRPC adds `user` to the context (one copy of it); its runtime takes `ctx` and
      // `getRawInput` together (procedureBuilder.ts: `nextOpts.getRawInput ?? opts.getRawInput`),
      // its public type offers them apart.
      const proceed = () =>
        reading
          ? next({ ctx: { user }, ...reading } as { ctx: { user: SessionUser } })
          : next({ ctx: { user } });
      if (!meta?.idempotent || type !== 'mutation') return reported(await proceed());
      return reported(await runIdempotent(ctx, user.id, meta, path, rawInput, proceed));
    } catch (error) {
      throw asTRPCError(error);
    }
  },
);

/**
 * Require two-factor (issue 37): organization-scoped calls by a member without a second factor
 * answer 403 TWO_FACTOR_REQUIRED (one query, only for users without TOTP).
 */
async function requireTwoFactor(
  ctx: Context,
  user: SessionUser,
  meta: Meta | undefined,
  getRawInput: () => Promise<unknown>,
): Promise<void> {
  if (!meta?.permission || user.two_factor_enabled) return;
  const target = organizationOfInput(meta.openapi?.path ?? '', await getRawInput());
  await enforceTwoFactorPolicy(ctx.deps, user, ctx.session?.id ?? null, target);
}

/**
 * Operations on the sign-in session itself (logout, password, sessions, passkey registration):
 * a session is required, and no API token reaches them (they declare no scope).
 */
export const sessionProcedure = authedProcedure.use(({ ctx, next }) => {
  if (!ctx.session) throw new AppError('FORBIDDEN', SESSIONS_ONLY_TEXT);
  return next({ ctx: { ...ctx, session: ctx.session } });
});

/** Signed in with a verified e-mail address. */
export const verifiedProcedure = authedProcedure.use(({ ctx, next }) => {
  assertVerified(ctx.user);
  return next();
});

/** Staff only; everyone else gets 404 as if the operation did not exist. */
export const staffProcedure = authedProcedure.use(({ ctx, next }) => {
  if (!ctx.user.is_staff) throw new AppError('NOT_FOUND', 'Not found');
  return next();
});

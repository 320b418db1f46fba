import type { Readable } from 'node:stream';
import type { ApiScope } from '../contracts/api-tokens';
import { createContext, type RequestInfo } from './context';
import { SESSIONS_ONLY_TEXT, signedInCaller } from './caller';
import type { AppDeps } from '../core/app-deps';
import { AppError } from '../core/errors';
import { cleanFileName } from '../core/file-names';
import { ACTIVITY_FILTERS, ACTIVITY_PERIODS, exportActivityCsv } from '../domain/activity';
import { invoiceForOwner, renderInvoiceHtml, renderInvoicePdf } from '../domain/billing';
import type { ClientInfo } from '../core/client-info';
import { findMemberOrganization } from '../domain/memberships';
import { findOwnDataExport, openDataExport, requireRecentReauth } from '../domain/privacy';
import type { SessionRow, SessionUser } from '../domain/sessions';
import { attachmentForDownload } from '../domain/support';

/**
 * The operations that answer a file instead of the JSON envelope (CSV, PDF, an invoice page, a
 * ZIP, an attachment). Each runs the pipeline's own steps in the pipeline's order — the context
 * of the request (createContext), the caller check with the API token's scope and budget
 * (signedInCaller, as authedProcedure), sessions-only where declared — then the service, and
 * answers the file with its headers. The server's routes only turn HTTP into the call and the
 * answer (or the AppError's envelope) into HTTP.
 */
export type FileAnswer = { headers: Record<string, string>; body: string | Buffer | Readable };

type Access = { scope: ApiScope | undefined; sessionsOnly?: boolean };
type Caller = { user: SessionUser; session: SessionRow | null; client: ClientInfo };

async function runFileOperation(
  deps: AppDeps,
  req: RequestInfo,
  access: Access,
  work: (caller: Caller) => Promise<FileAnswer>,
): Promise<FileAnswer> {
  const ctx = await createContext(deps, req);
  const user = await signedInCaller(ctx, access.scope);
  if (access.sessionsOnly && !ctx.session) {
    throw new AppError('FORBIDDEN', SESSIONS_ONLY_TEXT);
  }
  const answer = await work({ user, session: ctx.session, client: ctx.req });
  return { ...answer, headers: { ...ctx.responseHeaders, ...answer.headers } };
}

/** GET /activity/export?type=&days= → the filtered activity log as a CSV download. */
export function activityExport(
  deps: AppDeps,
  req: RequestInfo,
  query: { type?: unknown; days?: unknown },
): Promise<FileAnswer> {
  return runFileOperation(deps, req, { scope: 'profile:read' }, async ({ user }) => {
    const type = query.type ?? 'all';
    const days = Number(query.days ?? 30);
    if (!(ACTIVITY_FILTERS as readonly unknown[]).includes(type)) {
      const text = 'The type must be one of all, login, security, profile, organization, settings.';
      throw new AppError('VALIDATION_ERROR', text, { errors: { type: [text] } });
    }
    if (!(ACTIVITY_PERIODS as readonly number[]).includes(days)) {
      const text = 'The days must be one of 7, 30, 90, 365.';
      throw new AppError('VALIDATION_ERROR', text, { errors: { days: [text] } });
    }
    const csv = await exportActivityCsv(deps, user.id, {
      type: type as (typeof ACTIVITY_FILTERS)[number],
      days,
    });
    const date = deps.clock.now().toISOString().slice(0, 10);
    return {
      headers: {
        'content-type': 'text/csv; charset=utf-8',
        'content-disposition': `attachment; filename="activity-log-${date}.csv"`,
        'x-content-type-options': 'nosniff',
        'cache-control': 'private, no-store',
      },
      body: `\ufeff${csv}`,
    };
  });
}

/**
 * GET /subscription/invoices/{id}/pdf and /subscription/invoices/{id}: an invoice as a PDF
 * download or an HTML page, for the invoice organization's owner only (404 otherwise).
 */
export function invoiceDocument(
  deps: AppDeps,
  req: RequestInfo,
  id: string,
  format: 'pdf' | 'html',
): Promise<FileAnswer> {
  return runFileOperation(
    deps,
    req,
    { scope: 'billing:read' },
    async ({ user }): Promise<FileAnswer> => {
      const data = await invoiceForOwner(deps, user.id, id);
      if (format === 'pdf') {
        return {
          headers: {
            'content-type': 'application/pdf',
            'content-disposition': `attachment; filename="invoice-${data.invoice.number}.pdf"`,
            'cache-control': 'private, no-store',
          },
          body: await renderInvoicePdf(data, deps.config.productName),
        };
      }
      return {
        headers: {
          'content-type': 'text/html; charset=utf-8',
          'cache-control': 'private, no-store',
          'content-security-policy':
            "default-src 'none'; style-src 'unsafe-inline'; object-src 'none'; base-uri 'none'; frame-ancestors 'none'",
        },
        body: renderInvoiceHtml(data, deps.config.productName),
      };
    },
  );
}

/**
 * GET /user/data-exports/{uuid}/download → the export's ZIP, streamed from storage. Signed-in
 * sessions only (an API token answers 403), the caller's own export (404 otherwise), and a
 * password confirmed in the last 10 minutes (403 REAUTH_REQUIRED otherwise).
 */
export function dataExportDownload(
  deps: AppDeps,
  req: RequestInfo,
  uuid: string,
): Promise<FileAnswer> {
  return dataExportZip(deps, req, (user) => findOwnDataExport(deps, user.id, uuid));
}

/**
 * GET /organizations/{id}/data-exports/{uuid}/download → an organization's export: the owner or
 * an admin (404 for non-members, 403 for other roles), sessions only, and a fresh password
 * confirmation (403 REAUTH_REQUIRED), as for one's own export.
 */
export function organizationDataExportDownload(
  deps: AppDeps,
  req: RequestInfo,
  organizationUuid: string,
  uuid: string,
): Promise<FileAnswer> {
  return dataExportZip(deps, req, async (user) => {
    const org = await findMemberOrganization(deps.db, user.id, organizationUuid, 'manage');
    return findOwnDataExport(deps, user.id, uuid, org.id);
  });
}

/**
 * A data export's ZIP, streamed from storage: sessions only, the export `find` answers for the
 * caller, then a password confirmed in the last 10 minutes.
 */
function dataExportZip(
  deps: AppDeps,
  req: RequestInfo,
  find: (user: SessionUser) => ReturnType<typeof findOwnDataExport>,
): Promise<FileAnswer> {
  return runFileOperation(
    deps,
    req,
    { scope: undefined, sessionsOnly: true },
    async ({ user, session, client }) => {
      const row = await find(user);
      await requireRecentReauth(deps, session);
      return zipAnswer(await openDataExport(deps, client, user, row));
    },
  );
}

function zipAnswer(file: Awaited<ReturnType<typeof openDataExport>>): FileAnswer {
  return {
    headers: {
      'content-type': 'application/zip',
      'content-length': String(file.size),
      'content-disposition': `attachment; filename="${file.fileName}"`,
      'x-content-type-options': 'nosniff',
      'cache-control': 'private, no-store',
    },
    body: file.stream,
  };
}

function attachmentDisposition(stored: string): string {
  // The shared cleaner once more: no bidirectional control or invisible character in filename*.
  const name = cleanFileName(stored);
  const ascii = name.replace(/[^\x20-\x7e]/g, '_').replace(/["\\]/g, '_');
  return `attachment; filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(name)}`;
}

/** GET /support/attachments/{id}: an attachment for its ticket's owner or staff; 404 anyone else. */
export function supportAttachment(
  deps: AppDeps,
  req: RequestInfo,
  uuid: string,
): Promise<FileAnswer> {
  return runFileOperation(deps, req, { scope: 'support:read' }, async ({ user }) => {
    const file = await attachmentForDownload(deps, user, uuid);
    const type = file.contentType.startsWith('text/')
      ? `${file.contentType}; charset=utf-8`
      : file.contentType;
    return {
      headers: {
        'content-type': type,
        'content-disposition': attachmentDisposition(file.name),
        'x-content-type-options': 'nosniff',
        'cache-control': 'private, no-store',
        'content-security-policy': "default-src 'none'; sandbox",
      },
      body: file.bytes,
    };
  });
}

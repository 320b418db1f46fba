import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { AppDeps } from '@scmp/api';
import { escapeHtml } from './escape-html';
import { asPage } from '../plugins/security-headers';

const LOOPBACK = new Set(['127.0.0.1', '::1', '::ffff:127.0.0.1']);
const UUID_RE = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const LIST_LIMIT = 500;
/** The viewer's own pages: no script, inline styles only. */
const VIEWER_CSP =
  "default-src 'none'; style-src 'unsafe-inline'; img-src 'self' data: http: https:; object-src 'none'; base-uri 'none'; form-action 'none'; frame-ancestors 'none'";

/** Plain text with its http(s) links turned into anchors. */
function linkify(text: string): string {
  return escapeHtml(text).replace(
    /https?:\/\/[^\s<>"')]+/g,
    (url) => `<a href="${url}">${url}</a>`,
  );
}

function page(title: string, body: string): string {
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>${escapeHtml(title)}</title>
<style>body{font-family:system-ui,sans-serif;margin:24px;color:#1f2937}table{border-collapse:collapse;width:100%}
td,th{border-bottom:1px solid #e5e7eb;padding:8px;text-align:left;vertical-align:top}th{background:#f9fafb}
pre{white-space:pre-wrap;background:#f9fafb;padding:16px;border:1px solid #e5e7eb}a{color:#1d4ed8}</style></head>
<body>${body}</body></html>`;
}

/**
 * The development mail viewer: what the outbox holds when no SMTP server is configured.
 * Answers only to loopback clients (by socket address, not forwarded headers) and never in production.
 */
export async function registerDevMailRoutes(app: FastifyInstance, deps: AppDeps): Promise<void> {
  const allowed = (request: FastifyRequest) =>
    deps.config.appEnv !== 'production' && LOOPBACK.has(request.socket.remoteAddress ?? '');
  const notFound = (reply: FastifyReply) =>
    reply.code(404).send({
      success: false,
      message: 'The requested resource was not found.',
      code: 'NOT_FOUND',
    });

  const latest = () =>
    deps.db
      .selectFrom('mail_outbox')
      .select(['uuid', 'to_address', 'subject', 'text', 'html', 'status', 'created_at'])
      .orderBy('created_at', 'desc')
      .orderBy('id', 'desc')
      .limit(LIST_LIMIT)
      .execute();

  app.get('/dev/mail.json', async (request, reply) => {
    if (!allowed(request)) return notFound(reply);
    const rows = await latest();
    return reply.header('cache-control', 'no-store').send(
      rows.map((r) => ({
        id: r.uuid,
        to: r.to_address,
        subject: r.subject,
        text: r.text,
        html: r.html,
        created_at: new Date(r.created_at).toISOString(),
      })),
    );
  });

  app.get('/dev/mail', async (request, reply) => {
    if (!allowed(request)) return notFound(reply);
    const rows = await latest();
    const list = rows.length
      ? `<table><thead><tr><th>Sent</th><th>To</th><th>Subject</th><th>Status</th></tr></thead><tbody>${rows
          .map(
            (r) =>
              `<tr><td>${escapeHtml(new Date(r.created_at).toISOString())}</td><td>${escapeHtml(r.to_address)}</td><td><a href="/dev/mail/${r.uuid}">${escapeHtml(r.subject)}</a></td><td>${escapeHtml(r.status)}</td></tr>`,
          )
          .join('')}</tbody></table>`
      : '<p>No e-mails yet.</p>';
    return asPage(reply)
      .header('content-security-policy', VIEWER_CSP)
      .header('cache-control', 'no-store')
      .send(
        page('Dev mail', `<h1>Dev mail</h1><p>Newest first. ${rows.length} message(s).</p>${list}`),
      );
  });

  const findOne = async (id: string) =>
    UUID_RE.test(id)
      ? deps.db
          .selectFrom('mail_outbox')
          .select(['uuid', 'to_address', 'subject', 'text', 'html', 'status', 'created_at'])
          .where('uuid', '=', id)
          .executeTakeFirst()
      : undefined;

  app.get<{ Params: { id: string } }>('/dev/mail/:id', async (request, reply) => {
    if (!allowed(request)) return notFound(reply);
    const mail = await findOne(request.params.id);
    if (!mail) return notFound(reply);
    const body = `<p><a href="/dev/mail">&larr; All messages</a></p>
<h1>${escapeHtml(mail.subject)}</h1>
<p><strong>To:</strong> ${escapeHtml(mail.to_address)}<br><strong>Created:</strong> ${escapeHtml(new Date(mail.created_at).toISOString())}<br><strong>Status:</strong> ${escapeHtml(mail.status)}</p>
<p><a href="/dev/mail/${mail.uuid}/html">View the HTML version</a></p>
<h2>Text</h2><pre>${linkify(mail.text)}</pre>`;
    return asPage(reply)
      .header('content-security-policy', VIEWER_CSP)
      .header('cache-control', 'no-store')
      .send(page(mail.subject, body));
  });

  app.get<{ Params: { id: string } }>('/dev/mail/:id/html', async (request, reply) => {
    if (!allowed(request)) return notFound(reply);
    const mail = await findOne(request.params.id);
    if (!mail) return notFound(reply);
    return asPage(reply)
      .header('content-security-policy', VIEWER_CSP)
      .header('cache-control', 'no-store')
      .send(mail.html);
  });
}

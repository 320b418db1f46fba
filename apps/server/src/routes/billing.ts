import type { FastifyInstance } from 'fastify';
import { billingService, createContext, signedInCaller, type AppDeps } from '@scmp/api';
import { requestInfoOf } from '../request-info';
import { sendError } from '../rest/rest-door';

/**
 * Billing routes beside the doors: the Stripe webhook (raw body, signature checked) and the
 * invoice PDF / HTML page (the invoice's organization owner only; 404 otherwise).
 */
export async function registerBillingRoutes(app: FastifyInstance, deps: AppDeps): Promise<void> {
  // Encapsulated: the raw-body JSON parser applies to the webhook route only.
  await app.register(async (scope) => {
    scope.removeContentTypeParser('application/json');
    scope.addContentTypeParser(
      'application/json',
      { parseAs: 'buffer', bodyLimit: 1024 * 1024 },
      (_req, body, done) => {
        done(null, body);
      },
    );
    scope.post('/api/v1/webhooks/stripe', async (request, reply) => {
      try {
        const raw = Buffer.isBuffer(request.body) ? request.body : Buffer.from('');
        const signature = request.headers['stripe-signature'];
        const result = await billingService.handleStripeWebhook(
          deps,
          raw,
          typeof signature === 'string' ? signature : undefined,
        );
        return reply.code(200).send(result);
      } catch (error) {
        return sendError(reply, error, deps);
      }
    });
  });

  const ownerInvoice = async (request: Parameters<typeof requestInfoOf>[0], id: string) => {
    const ctx = await createContext(deps, requestInfoOf(request));
    const user = await signedInCaller(ctx, 'billing:read');
    return billingService.invoiceForOwner(deps, user.id, id);
  };

  app.get<{ Params: { id: string } }>(
    '/api/v1/subscription/invoices/:id/pdf',
    async (request, reply) => {
      try {
        const data = await ownerInvoice(request, request.params.id);
        const pdf = await billingService.renderInvoicePdf(data, deps.config.productName);
        return reply
          .code(200)
          .header('content-type', 'application/pdf')
          .header(
            'content-disposition',
            `attachment; filename="invoice-${data.invoice.number}.pdf"`,
          )
          .header('cache-control', 'private, no-store')
          .send(pdf);
      } catch (error) {
        return sendError(reply, error, deps);
      }
    },
  );

  app.get<{ Params: { id: string } }>(
    '/api/v1/subscription/invoices/:id',
    async (request, reply) => {
      try {
        const data = await ownerInvoice(request, request.params.id);
        return reply
          .code(200)
          .header('content-type', 'text/html; charset=utf-8')
          .header('cache-control', 'private, no-store')
          .header(
            'content-security-policy',
            "default-src 'none'; style-src 'unsafe-inline'; object-src 'none'; base-uri 'none'; frame-ancestors 'none'",
          )
          .send(billingService.renderInvoiceHtml(data, deps.config.productName));
      } catch (error) {
        return sendError(reply, error, deps);
      }
    },
  );
}

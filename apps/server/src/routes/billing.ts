import type { FastifyInstance } from 'fastify';
import { billingService, fileOperations, type AppDeps } from '@scmp/api';
import { requestInfoOf } from '../request-info';
import { sendFileAnswer } from '../rest/file-answer';
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

  // The invoice as a PDF download or an HTML page (fileOperations.invoiceDocument).
  app.get<{ Params: { id: string } }>('/api/v1/subscription/invoices/:id/pdf', (request, reply) =>
    sendFileAnswer(reply, deps, () =>
      fileOperations.invoiceDocument(deps, requestInfoOf(request), request.params.id, 'pdf'),
    ),
  );
  app.get<{ Params: { id: string } }>('/api/v1/subscription/invoices/:id', (request, reply) =>
    sendFileAnswer(reply, deps, () =>
      fileOperations.invoiceDocument(deps, requestInfoOf(request), request.params.id, 'html'),
    ),
  );
}

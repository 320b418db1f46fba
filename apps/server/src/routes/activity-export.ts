import type { FastifyInstance } from 'fastify';
import { AppError, accountSecurity, createContext, signedInCaller, type AppDeps } from '@scmp/api';
import { requestInfoOf } from '../request-info';
import { sendError } from '../rest/rest-door';

type ExportQuery = { type?: string; days?: string };

/** GET /api/v1/activity/export?type=&days= → the filtered activity log as a CSV download. */
export async function registerActivityExportRoutes(
  app: FastifyInstance,
  deps: AppDeps,
): Promise<void> {
  app.get<{ Querystring: ExportQuery }>('/api/v1/activity/export', async (request, reply) => {
    try {
      const ctx = await createContext(deps, requestInfoOf(request));
      const user = await signedInCaller(ctx, 'profile:read');
      const type = request.query.type ?? 'all';
      const days = Number(request.query.days ?? 30);
      if (!(accountSecurity.ACTIVITY_FILTERS as readonly string[]).includes(type)) {
        const text =
          'The type must be one of all, login, security, profile, organization, settings.';
        throw new AppError('VALIDATION_ERROR', text, { errors: { type: [text] } });
      }
      if (!(accountSecurity.ACTIVITY_PERIODS as readonly number[]).includes(days)) {
        const text = 'The days must be one of 7, 30, 90, 365.';
        throw new AppError('VALIDATION_ERROR', text, { errors: { days: [text] } });
      }
      const csv = await accountSecurity.exportActivityCsv(deps, user.id, {
        type: type as (typeof accountSecurity.ACTIVITY_FILTERS)[number],
        days,
      });
      const date = deps.clock.now().toISOString().slice(0, 10);
      return reply
        .code(200)
        .header('content-type', 'text/csv; charset=utf-8')
        .header('content-disposition', `attachment; filename="activity-log-${date}.csv"`)
        .header('x-content-type-options', 'nosniff')
        .header('cache-control', 'private, no-store')
        .send(`\ufeff${csv}`);
    } catch (error) {
      return sendError(reply, error, deps);
    }
  });
}

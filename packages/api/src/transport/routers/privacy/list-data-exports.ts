import { z } from 'zod';
import { envelope, ok } from '../../envelope';
import { dataExportOutput, listDataExports as listOwnDataExports } from '../../../domain/privacy';
import { sessionProcedure } from '../../trpc';

export const listDataExports = sessionProcedure
  .meta({
    openapi: {
      method: 'GET',
      path: '/user/data-exports',
      tags: ['privacy'],
      summary: 'Your data exports, newest first',
      description:
        'Status `pending` while it is built, `ready` until `expires_at` (7 days), then `expired`; ' +
        '`failed` if it could not be built (request another at once).',
      protect: true,
    },
  })
  .output(envelope(z.array(dataExportOutput)))
  .query(async ({ ctx }) => ok(await listOwnDataExports(ctx.deps, ctx.user.id)));

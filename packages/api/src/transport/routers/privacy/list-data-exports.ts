import { z } from 'zod';
import { envelope, ok } from '../../envelope';
import { dataExportOutput, listDataExports as listOwnDataExports } from '../../../domain/privacy';
import { privacy } from './area';

export const listDataExports = privacy
  .session('GET /user/data-exports', 'Your data exports, newest first', {
    description:
      'Status `pending` while it is built, `ready` until `expires_at` (7 days), then `expired`; ' +
      '`failed` if it could not be built (request another at once).',
  })
  .output(envelope(z.array(dataExportOutput)))
  .query(async ({ ctx }) => ok(await listOwnDataExports(ctx.deps, ctx.user.id)));

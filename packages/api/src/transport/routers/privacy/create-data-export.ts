import { PRIVACY_TEXTS } from '../../../contracts/privacy';
import { envelope, ok } from '../../envelope';
import { requestDataExport, requestedExportOutput } from '../../../domain/privacy';
import { privacy } from './area';

export const createDataExport = privacy
  .session('POST /user/data-exports', 'Request an export of your data (UK GDPR Art. 15 and 20)', {
    successStatus: 202,
    description:
      'Starts building one ZIP of your data (a JSON file per category and README.txt); you are ' +
      'e-mailed "Your data export is ready" when it is. One export per account per 24 hours ' +
      '(429 with Retry-After). Download it with GET /user/data-exports/{uuid}/download (a ' +
      'signed-in session that confirmed its password in the last 10 minutes; 7 days).',
  })
  .output(envelope(requestedExportOutput))
  .mutation(async ({ ctx }) =>
    ok(await requestDataExport(ctx.deps, ctx.req, ctx.user), PRIVACY_TEXTS.exportRequested),
  );

import { z } from 'zod';
import { staffRetention as summary, staffRetentionOutput } from '../../../domain/staff';
import { staff } from './area';

/** GET /staff/retention: the operator console's Data retention section. */
export const staffRetention = staff
  .staff(
    'GET /staff/retention',
    'Staff: retention rules, the latest retention runs, organizations closing',
    {
      description:
        'The retention job runs hourly on the worker and applies every rule; each run records the ' +
        'rows removed per rule and whether it succeeded (a failed run e-mails the operators and is ' +
        'retried with backoff). Closing organizations are those in their 60-day window before the purge. ' +
        'Staff only: 404 to anyone else.',
    },
  )
  .answers(z.object({}).optional(), staffRetentionOutput, ({ ctx }) => summary(ctx.deps));

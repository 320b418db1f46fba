import { staffOverview as overview, staffOverviewOutput } from '../../../domain/staff';
import { z } from 'zod';
import { staff } from './area';

/** GET /staff/overview: the operator console's figures. */
export const staffOverview = staff
  .staff(
    'GET /staff/overview',
    'Staff: platform figures (customers, organizations, subscriptions, MRR, fleet, tickets)',
    {
      description:
        'Monthly recurring revenue (pence) is Σ plan price + additional venues × per-venue price over ' +
        'the subscriptions in force: status active or past_due (not suspended, cancelled or expired). ' +
        'There is no discount model in the schema, so nothing is subtracted. The trend is the MRR at ' +
        'the end of each of the last 11 months (recorded daily; earlier days rebuilt from the ' +
        'subscriptions) and the live figure for this month. Weekly sign-ups (new customer accounts) ' +
        'and cancellations cover 12 seven-day weeks ending today. Past-due lists subscriptions ' +
        'past_due or suspended (oldest first, at most 50) with whole days since past_due_since. The ' +
        'median first response is over tickets created in the 30 days ending yesterday with a staff ' +
        'reply (first staff reply − creation). Staff only: 404 to anyone else.',
    },
  )
  .answers(z.object({}).optional(), staffOverviewOutput, ({ ctx }) => overview(ctx.deps));

import { z } from 'zod';
import { okPage } from '../../envelope';
import { listInstancesForStaff, staffInstanceSummary } from '../../../domain/staff';
import { optionalFilter } from '../../../core/optional-filter';
import { staffListInput, staffPage } from './staff-output';
import { staff } from './area';

/** GET /staff/instances: instances across all tenants, searched and paged by keyset. */
export const staffListInstances = staff
  .staff(
    'GET /staff/instances',
    'Staff: instances across all tenants with organization, owner and health',
    {
      description:
        'q matches the start of the host name or the instance name; status filters; without q, ' +
        'newest first. limit 1–100 (default 25); cursor is the next_cursor of the previous page. ' +
        'Staff only: 404 to anyone else.',
    },
  )
  .input(
    z.object({
      ...staffListInput,
      status: optionalFilter(
        z.enum(['pending', 'provisioning', 'active', 'suspended', 'terminated']),
      ),
    }),
  )
  .output(staffPage(staffInstanceSummary))
  .query(async ({ ctx, input }) => okPage(await listInstancesForStaff(ctx.deps, input)));

import { router } from '../../trpc';
import { staffGetCustomer } from './staff-get-customer';
import { staffListCustomers } from './staff-list-customers';
import { staffListInstances } from './staff-list-instances';
import { staffOverview } from './staff-overview';
import { staffRetention } from './staff-retention';

/** The operator console (staff only; 404 to everyone else). */
export const staffRouter = router({
  overview: staffOverview,
  customers: staffListCustomers,
  customer: staffGetCustomer,
  instances: staffListInstances,
  retention: staffRetention,
});

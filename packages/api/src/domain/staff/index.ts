/** The staff area's public face: other areas, the transport and the composition root import it from here. */
export { compactCounters, countersCompactTask } from './counters';
export { customerForStaff, listCustomersForStaff } from './customers';
export { dailyFiguresTask, recordDailyFigures } from './daily-figures';
export { listInstancesForStaff } from './instances';
export { staffOverview } from './overview';
export { staffRetention } from './retention';
export {
  staffCustomerDetail,
  staffCustomerSummary,
  staffInstanceSummary,
  staffOverviewOutput,
  staffRetentionOutput,
} from './staff-schema';

/** The insights area's public face: other areas, the transport and the composition root import it from here. */
export { customerOverviewSchema } from './customer-overview-schema';
export { customerOverview } from './customer-overview';

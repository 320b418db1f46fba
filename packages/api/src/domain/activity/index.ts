/** The activity area's public face: other areas, the transport and the composition root import it from here. */
export { activityDaily } from './activity-daily';
export {
  ACTIVITY_FILTERS,
  ACTIVITY_PERIODS,
  activitySummary,
  exportActivityCsv,
  listActivity,
} from './activity';
export { describeLocation, describeUserAgent } from './device';
export { recordActivity, recordOrganizationActivity, type ActivityEntry } from './record-activity';

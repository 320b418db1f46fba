/** The activity area's public face: other areas, the transport and the composition root import it from here. */
export { activityDaily } from './activity-daily';
export { activitySummary, exportActivityCsv, listActivity } from './activity';
export {
  ACTIVITY_FILTERS,
  ACTIVITY_PERIODS,
  activityDailyOutput,
  activityFilterInput,
  activityOutput,
  activitySummaryOutput,
} from './activity-schema';
export { describeLocation, describeUserAgent } from './device';
export { recordActivity, recordOrganizationActivity, type ActivityEntry } from './record-activity';

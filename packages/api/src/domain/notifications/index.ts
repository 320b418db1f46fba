/** The notifications area's public face: other areas, the transport and the composition root import it from here. */
export { listNotificationHistory } from './history';
export {
  NOTIFICATION_TEXTS,
  getNotificationPreferences,
  updateNotificationPreferences,
} from './preferences';
export {
  notificationHistoryItem,
  notificationPreferencesSchema,
  type NotificationPreferencesOutput,
} from './notifications-schema';

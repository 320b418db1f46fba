import { router } from '../../trpc';
import { activityDaily } from './activity-daily';
import { activityList } from './activity-list';
import { activitySummary } from './activity-summary';
import { cancelEmailChange } from './cancel-email-change';
import { changePassword } from './change-password';
import { confirmEmailChange } from './confirm-email-change';
import { deleteAvatar } from './delete-avatar';
import { getNotificationPreferences } from './get-notification-preferences';
import { getProfile } from './get-profile';
import { listSessions } from './list-sessions';
import { notificationHistory } from './notification-history';
import { resendEmailChange } from './resend-email-change';
import { revokeOtherSessions } from './revoke-other-sessions';
import { revokeSession } from './revoke-session';
import { updateNotificationPreferences } from './update-notification-preferences';
import { updateProfile } from './update-profile';
import { uploadAvatar } from './upload-avatar';

/** Procedures of the profile area (profile, sessions, notifications, activity log). */
export const profileRouter = router({
  get: getProfile,
  update: updateProfile,
  uploadAvatar,
  deleteAvatar,
  changePassword,
  confirmEmailChange,
  resendEmailChange,
  cancelEmailChange,
  listSessions,
  revokeSession,
  revokeOtherSessions,
  getNotificationPreferences,
  updateNotificationPreferences,
  notificationHistory,
  activityList,
  activitySummary,
  activityDaily,
});

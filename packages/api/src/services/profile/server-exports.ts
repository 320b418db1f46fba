/** What the server's plain routes of the profile area need (avatar upload/serve, activity CSV). */
export {
  AVATAR_MAX_BYTES,
  AVATAR_TEXTS,
  avatarTooLargeError,
  readAvatar,
  saveAvatar,
} from './avatar';
export { exportActivityCsv, ACTIVITY_FILTERS, ACTIVITY_PERIODS } from '../activity/activity';
export { PROFILE_TEXTS } from './profile';

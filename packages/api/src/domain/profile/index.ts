/**
 * The profile area's public face: what a signed-in user changes about their own account (details,
 * password, avatar, e-mail address with its confirmation links, sessions). It sits above the
 * accounts area and uses it; nothing in accounts, two-factor, passkeys or API tokens imports it.
 */
export * from './avatar';
export * from './profile';
export {
  profileInput,
  profileOutput,
  sessionOutput,
  toProfileOutput,
  type ProfileInput,
} from './profile-schema';
export * from './sessions';
export { cancelEmailChange, cancelEmailChangeByLink } from './email-change/cancel';
export { confirmEmailChange } from './email-change/confirm';
export { pendingEmailChange } from './email-change/pending';
export { requestEmailChange, resendEmailChange } from './email-change/request';
export {
  EMAIL_CHANGE_LIFETIME_HOURS,
  EMAIL_CHANGE_TEXTS,
  type PendingEmailChange,
} from './email-change/texts';

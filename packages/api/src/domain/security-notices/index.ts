/**
 * Security notices: the e-mails that tell a user about a change to their account's security
 * (always sent, whatever the notification preferences say). The lowest account area: accounts,
 * two-factor, passkeys, API tokens and the profile send them; it depends on mail and the activity log only.
 */
export {
  noticeSecurityChange,
  securityChangeNotices,
  sendSecurityNotice,
  type SecurityChangeTexts,
} from './security-mail';

/** The public face of features/auth: other features and the pages import from here only. */
export * from './AuthCard';
export * from './LoginForm';
export * from './ResendVerificationButton';
export * from './SignupForm';
export * from './auth-links';
export * from './password-fields';
export * from './MailedLinkAction';

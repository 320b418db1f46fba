/** The public face of features/account: other features and the pages import from here only. */
export * from './ActiveSessionsCard';
export * from './ActivityChart';
export * from './AvatarBlock';
export * from './ChangePasswordCard';
export * from './avatar-upload';
export * from './format';
export * from './ProfileForm';

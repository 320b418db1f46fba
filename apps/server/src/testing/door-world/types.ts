import type { TestHarness } from '../harness';
import type { SoftwareAuthenticator } from '../software-authenticator';

/**
 * A fresh, small world for one call of the "both doors agree" test (test/doors-agree):
 * one verified user with a session, and the rest (organization, subscription, instance, ticket,
 * webhook, member, invitation...) built on first use through the REST door, so each door gets an
 * equivalent state of its own. Every unique string (e-mail, subdomain, names) carries `tag`, which
 * the comparison replaces, so the two worlds' answers compare equal.
 */
export type DoorWorld = {
  h: TestHarness;
  idp: DoorIdentityProvider;
  /** `dw` + 8 hex: unique per world. */
  tag: string;
  /** Client address of this world's calls (its own throttle buckets). */
  ip: string;
  user: { id: number; uuid: string; email: string; password: string; token: string };
  org: () => Promise<string>;
  /** The organization, subscribed (test mode card) so it can deploy. */
  subscribed: () => Promise<string>;
  subdomain: () => Promise<string>;
  instance: () => Promise<string>;
  ticket: () => Promise<string>;
  logo: () => Promise<void>;
  webhook: () => Promise<string>;
  delivery: () => Promise<string>;
  /** A second verified user, member of the organization. */
  member: () => Promise<{ uuid: string; token: string }>;
  /** A pending invitation of a fresh user: its uuid, clear token and the invitee's session. */
  invitation: () => Promise<{ uuid: string; token: string; inviteeToken: string }>;
  staffToken: () => Promise<string>;
  passkey: () => Promise<string>;
  /** The software authenticator holding that passkey. */
  device: SoftwareAuthenticator;
  /** Another session of the user (its public id). */
  otherSession: () => Promise<string>;
  apiToken: () => Promise<{ token: string; uuid: string }>;
  card: () => Promise<string>;
  domain: () => Promise<string>;
  ssoConnection: () => Promise<string>;
  dataExport: () => Promise<void>;
  /** The link `marker` (e.g. '/reset-password?') in the newest e-mail to `to` that has one. */
  linkInMail: (to: string, marker: string) => Promise<URL>;
  /** Starts an e-mail change to `<tag>-moved@example.com` (its confirm and cancel mails). */
  emailChange: () => Promise<string>;
  /** Two-factor set up but not confirmed: its secret. */
  twoFactorSecret: () => Promise<string>;
  /** Two-factor on (set up and confirmed). */
  twoFactorOn: () => Promise<void>;
  /** The current TOTP code of a secret (the test clock's time). */
  totp: (secret: string) => string;
};

/** The identity provider SSO connections point at (startTestOidcProvider). */
export type DoorIdentityProvider = { issuer: string; clientId: string; clientSecret: string };

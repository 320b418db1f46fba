import type { Generated } from 'kysely';
import type { CreatedAt, Json } from './core';

export type ActivityType = 'login' | 'security' | 'profile' | 'organization' | 'settings';
export type ActivitySeverity = 'info' | 'medium' | 'high';

export type ActivityEventsTable = {
  id: Generated<number>;
  uuid: Generated<string>;
  user_id: number;
  type: ActivityType;
  /** Machine key of the event, e.g. login.success, login.failed, organization.created. */
  action: string;
  description: string;
  severity: ActivitySeverity;
  ip_address: string | null;
  user_agent: string | null;
  device: string | null;
  location: string | null;
  created_at: CreatedAt;
};

export type NotificationPreferences = {
  email: { marketing: boolean; security: boolean; updates: boolean; reports: boolean };
  push: { messages: boolean; updates: boolean; security: boolean; marketing: boolean };
  sms: { security: boolean; urgent: boolean; marketing: boolean; updates: boolean };
};

export type NotificationPreferencesTable = {
  user_id: number;
  preferences: Json<NotificationPreferences>;
  updated_at: CreatedAt;
};

export type ProfileTables = {
  activity_events: ActivityEventsTable;
  notification_preferences: NotificationPreferencesTable;
};

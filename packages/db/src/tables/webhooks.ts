import type { Generated } from 'kysely';
import type { CreatedAt, Json, NullableTimestamp, OrganizationRecord, UuidRecord } from './core';

/** Where an organization wants its events sent; the signing secret is encrypted with the app key. */
export type WebhookEndpointsTable = OrganizationRecord & {
  url: string;
  description: string | null;
  events: Json<string[]>;
  secret_encrypted: string;
  enabled: Generated<boolean>;
  disabled_reason: string | null;
  /** When the current run of failed deliveries began (null while deliveries succeed). */
  failing_since: NullableTimestamp;
  /** Set when the organization is deleted: kept only to send `organization.deleted`. */
  retired_at: NullableTimestamp;
  created_by: number | null;
  created_at: CreatedAt;
  updated_at: CreatedAt;
};

/** One event of an organization (the outbox), written with the change that caused it. */
export type WebhookEventsTable = {
  id: Generated<string>;
  /** The `webhook-id` header and the payload's `id`: the same on every attempt. */
  message_id: string;
  organization_id: number;
  organization_uuid: string;
  organization_name: string;
  type: string;
  object_uuid: string | null;
  /** The object as the REST API shows it; null for billing events, rendered at the first send. */
  data: Json<unknown> | null;
  /** The exact body sent, fixed at the first attempt so every retry signs the same bytes. */
  body: string | null;
  created_at: CreatedAt;
};

export type WebhookDeliveryStatus = 'pending' | 'retrying' | 'succeeded' | 'failed';

/** One event to one endpoint, with the outcome of its latest attempt. */
export type WebhookDeliveriesTable = UuidRecord<string> & {
  endpoint_id: number;
  event_id: string;
  status: Generated<WebhookDeliveryStatus>;
  attempts: Generated<number>;
  next_attempt_at: NullableTimestamp;
  last_attempt_at: NullableTimestamp;
  response_status: number | null;
  response_body: string | null;
  duration_ms: number | null;
  error: string | null;
  created_at: CreatedAt;
};

export type WebhooksTables = {
  webhook_endpoints: WebhookEndpointsTable;
  webhook_events: WebhookEventsTable;
  webhook_deliveries: WebhookDeliveriesTable;
};

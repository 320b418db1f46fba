import type { Kysely } from 'kysely';
import type { Database } from '@scmp/db';
import type { AppDeps } from '../../../core/app-deps';
import { deleteBrandingRows } from '../../public-branding';
import { invalidateTenant } from '../../organizations';
import {
  anonymise,
  deleteByOwner,
  deleteOwnedRows,
  deleteRows,
  keep,
  type PurgeRule,
} from '../account-purge';

/**
 * What the purge of a closed organization (60 days after DELETE /organizations/{id}) does to every
 * table with an `organization_id`. A test lists those tables from the database itself and fails
 * when one has no rule here; purgeOrganization below applies them.
 */
export const ORGANIZATION_PURGE_RULES: Record<string, PurgeRule> = {
  organizations: anonymise(
    'the row stays as the minimal billing record its invoices point to: status "closed", description and subdomain cleared; name and dates kept',
  ),
  brandings: deleteRows('rows and their uploaded logo and favicon files'),
  support_tickets: deleteByOwner(
    'the organization’s tickets with their messages and attached files',
  ),
  instances: deleteByOwner('with their health history, front pages and custom domains'),
  organization_members: deleteByOwner('every membership'),
  organization_invitations: deleteByOwner('every invitation'),
  organization_domains: deleteByOwner('verified e-mail domains'),
  sso_sign_in_failures: deleteByOwner('failed single sign-on attempts'),
  sso_connections: deleteByOwner('connections (with their encrypted secrets) and links'),
  sso_policies: deleteByOwner('the Require SSO and Require two-factor settings'),
  data_exports: deleteByOwner('the organization’s exports and their ZIP files'),
  webhook_endpoints: deleteRows(
    'retired after the organization.deleted event; the webhook sweep removes them once their last deliveries are done',
  ),
  webhook_events: keep(
    'the organization.deleted event must still be delivered; removed by retention after 30 days',
  ),
  subscriptions: keep(
    'the minimal billing record, 7 years (Terms): status expired, payment method unlinked, billing name replaced by the organization’s and e-mail cleared',
  ),
  invoices: keep(
    'accounting records, 7 years (Terms): billing name replaced by the organization’s and e-mail cleared; amounts, dates and address kept',
  ),
  billing_customers: keep(
    'the payment provider’s customer id, to match the kept invoices with the provider’s',
  ),
};

type BillingDetailsJson = { name?: string; email?: string } & Record<string, unknown>;

function anonymisedDetails(details: unknown, organizationName: string): BillingDetailsJson {
  const value = (details && typeof details === 'object' ? details : {}) as BillingDetailsJson;
  return { ...value, name: organizationName, email: '' };
}

/** Each of the organization's rows of `table` keeps its billing details anonymised (and `also`). */
async function anonymiseBillingDetails(
  trx: Kysely<Database>,
  table: 'subscriptions' | 'invoices',
  org: { id: number; name: string },
  also: { status?: 'expired'; payment_method_id?: null; updated_at?: Date } = {},
) {
  const rows = await trx
    .selectFrom(table)
    .select(['id', 'billing_details'])
    .where('organization_id', '=', org.id)
    .execute();
  for (const row of rows) {
    const billingDetails = JSON.stringify(anonymisedDetails(row.billing_details, org.name));
    await trx
      .updateTable(table)
      .set({ ...also, billing_details: billingDetails })
      .where('id', '=', row.id)
      .execute();
  }
}

/**
 * Applies ORGANIZATION_PURGE_RULES to one organization inside `trx`; returns the storage keys of
 * its files, which the caller deletes once the transaction has committed.
 */
export async function purgeOrganization(
  deps: Pick<AppDeps, 'clock' | 'domainEvents'>,
  trx: Kysely<Database>,
  organizationId: number,
): Promise<string[]> {
  const now = deps.clock.now();
  const org = await trx
    .selectFrom('organizations')
    .select(['id', 'name'])
    .where('id', '=', organizationId)
    .executeTakeFirstOrThrow();
  // Its reactions (see src/subscriptions.ts) run in this transaction, before the rows go.
  await deps.domainEvents.emit(trx, 'organization.deleted', { organizationId: org.id });

  const instanceIds = (
    await trx.selectFrom('instances').select('id').where('organization_id', '=', org.id).execute()
  ).map((i) => i.id);
  const files = await deleteBrandingRows(trx, org.id, instanceIds);
  const attachments = await trx
    .selectFrom('support_attachments')
    .innerJoin('support_tickets', 'support_tickets.id', 'support_attachments.ticket_id')
    .select('support_attachments.storage_key')
    .where('support_tickets.organization_id', '=', org.id)
    .execute();
  files.push(...attachments.map((a) => a.storage_key));
  const exports = await trx
    .selectFrom('data_exports')
    .select('storage_key')
    .where('organization_id', '=', org.id)
    .where('storage_key', 'is not', null)
    .where('files_deleted_at', 'is', null)
    .execute();
  files.push(...exports.map((e) => e.storage_key!));

  await deleteOwnedRows(trx, ORGANIZATION_PURGE_RULES, 'organization_id', org.id);

  await anonymiseBillingDetails(trx, 'subscriptions', org, {
    status: 'expired',
    payment_method_id: null,
    updated_at: now,
  });
  await anonymiseBillingDetails(trx, 'invoices', org);

  await trx
    .updateTable('organizations')
    .set({
      status: 'closed',
      description: null,
      subdomain: null,
      status_before_closing: null,
      purge_at: null,
      purged_at: now,
      updated_at: now,
    })
    .where('id', '=', org.id)
    .execute();
  return files;
}

/**
 * The day-60 purge: organizations whose `purge_at` has come, a few at a time, each in its own
 * transaction and claimed with FOR UPDATE SKIP LOCKED (two processes never purge one twice).
 * Their files are deleted after the commit. Returns how many were purged. Callable by the
 * retention job with its own `now`.
 */
export async function purgeClosedOrganizations(
  deps: AppDeps,
  now: Date = deps.clock.now(),
  limit = 20,
): Promise<number> {
  const due = await deps.db
    .selectFrom('organizations')
    .select('id')
    .where('status', '=', 'closing')
    .where('purge_at', '<=', now)
    .orderBy('purge_at')
    .limit(limit)
    .execute();
  let purged = 0;
  for (const { id } of due) {
    const done = await deps.db.transaction().execute(async (trx) => {
      const locked = await trx
        .selectFrom('organizations')
        .select(['id', 'subdomain'])
        .where('id', '=', id)
        .where('status', '=', 'closing')
        .where('purge_at', '<=', now)
        .forUpdate()
        .skipLocked()
        .executeTakeFirst();
      if (!locked) return null;
      return { subdomain: locked.subdomain, files: await purgeOrganization(deps, trx, id) };
    });
    if (!done) continue;
    purged += 1;
    for (const key of done.files) {
      try {
        await deps.storage.delete(key);
      } catch (error) {
        deps.logger.warn({ err: error, key }, 'could not delete a purged organization’s file');
      }
    }
    await invalidateTenant(deps, [done.subdomain]);
  }
  return purged;
}

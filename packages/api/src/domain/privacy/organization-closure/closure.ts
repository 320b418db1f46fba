import type { Kysely, Updateable } from 'kysely';
import type { Database, OrganizationsTable } from '@scmp/db';
import type { AppDeps } from '../../../core/app-deps';
import type { ClientInfo } from '../../../core/client-info';
import { CLOSURE_TEXTS, ORGANIZATION_CLOSURE_DAYS } from '../../../contracts/organization-closure';
import { AppError } from '../../../core/errors';
import { recordOrganizationActivity } from '../../activity';
import { cancelStripeSubscription, isStripeManaged, findSubscription } from '../../billing';
import { findMemberOrganization, type MemberOrganization } from '../../memberships';
import { getOrganization, invalidateTenant } from '../../organizations';
import type { OrganizationOutput } from '../../../contracts/organizations-schemas';
import { DAY_MS } from '../../../core/durations';

type Req = ClientInfo;
type Owner = { id: number };

type ClosingState = Pick<
  Updateable<OrganizationsTable>,
  'status' | 'status_before_closing' | 'closing_at' | 'purge_at' | 'updated_at'
>;

/**
 * A change only the owner may make to the organization's closure: the change, then the tenant's
 * cached pages forgotten, and the organization as its owner now sees it.
 */
async function ownersChange(
  deps: AppDeps,
  owner: Owner,
  uuid: string,
  change: (org: MemberOrganization) => Promise<void>,
): Promise<OrganizationOutput> {
  const org = await findMemberOrganization(deps.db, owner.id, uuid, 'own');
  await change(org);
  await invalidateTenant(deps, [org.subdomain]);
  return getOrganization(deps, owner.id, org.uuid);
}

/**
 * Moves an organization into `closing` (or back out of it) when it is not (or is) closing yet;
 * 409 when another request got there first.
 */
async function switchClosing(
  trx: Kysely<Database>,
  organizationId: number,
  closing: boolean,
  state: ClosingState,
): Promise<void> {
  const changed = await trx
    .updateTable('organizations')
    .set(state)
    .where('id', '=', organizationId)
    .where('status', closing ? '!=' : '=', 'closing')
    .returning('id')
    .executeTakeFirst();
  if (!changed) {
    throw new AppError(
      'CONFLICT',
      closing ? CLOSURE_TEXTS.alreadyClosing : CLOSURE_TEXTS.notClosing,
    );
  }
}

/**
 * DELETE /organizations/{id}: schedules the closure (the Terms' 60-day export window). At once the
 * subscription is cancelled in the payment provider (at the end of the paid period: nothing more
 * is charged, nothing refunded), every live instance is suspended (its portal answers 503 "This
 * site has closed"; custom domains and the tenant subdomain stop being served), the status
 * becomes `closing` with `purge_at` 60 days on, open invitations are withdrawn and
 * `organization.closing` is sent. The owner can
 * export its data and restore it until the purge job deletes it.
 */
export const closeOrganization = (deps: AppDeps, req: Req, owner: Owner, uuid: string) =>
  ownersChange(deps, owner, uuid, async (org) => {
    if (org.status === 'closing') throw new AppError('CONFLICT', CLOSURE_TEXTS.alreadyClosing);
    const sub = await findSubscription(deps.db, org.id);
    const cancelling = sub && (sub.status === 'active' || sub.status === 'past_due') ? sub : null;
    // The provider first (idempotent by key): if it fails, nothing here has changed yet.
    const inStripe =
      cancelling && isStripeManaged(deps, cancelling)
        ? await cancelStripeSubscription(deps, cancelling)
        : null;
    const now = deps.clock.now();
    const purgeAt = new Date(now.getTime() + ORGANIZATION_CLOSURE_DAYS * DAY_MS);
    await deps.db.transaction().execute(async (trx) => {
      await switchClosing(trx, org.id, true, {
        status: 'closing',
        status_before_closing: org.status,
        closing_at: now,
        purge_at: purgeAt,
        updated_at: now,
      });
      if (cancelling) {
        await trx
          .updateTable('subscriptions')
          .set({
            status: 'cancelled',
            cancelled_at: now,
            service_ends_at: inStripe?.periodEnd ?? cancelling.current_period_end,
            ...(inStripe ? { provider_status: inStripe.status } : {}),
            updated_at: now,
          })
          .where('id', '=', cancelling.id)
          .execute();
      }
      await trx
        .updateTable('instances')
        .set({ status: 'suspended', updated_at: now })
        .where('organization_id', '=', org.id)
        .where('status', 'in', ['pending', 'provisioning', 'active'])
        .execute();
      // Open invitations are withdrawn (a restored organization invites again).
      await trx
        .updateTable('organization_invitations')
        .set({ revoked_at: now })
        .where('organization_id', '=', org.id)
        .where('accepted_at', 'is', null)
        .where('declined_at', 'is', null)
        .where('revoked_at', 'is', null)
        .execute();
      await deps.domainEvents.emit(trx, 'organization.closing', { organizationId: org.id });
      await recordOrganizationActivity(deps, req, trx, owner.id, {
        action: 'organization.closing',
        description: `Closed organization "${org.name}"; its data will be deleted on ${purgeAt.toISOString().slice(0, 10)}`,
        severity: 'high',
      });
    });
  });

/**
 * POST /organizations/{id}/restore: within the 60 days, the status the organization had before.
 * Its instances stay suspended until resumed; its subscription stays cancelled (a new one is
 * needed to resume paid service once the paid period has run out).
 */
export const restoreOrganization = (deps: AppDeps, req: Req, owner: Owner, uuid: string) =>
  ownersChange(deps, owner, uuid, async (org) => {
    if (org.status !== 'closing') throw new AppError('CONFLICT', CLOSURE_TEXTS.notClosing);
    const now = deps.clock.now();
    await deps.db.transaction().execute(async (trx) => {
      await switchClosing(trx, org.id, false, {
        status: org.status_before_closing ?? 'active',
        status_before_closing: null,
        closing_at: null,
        purge_at: null,
        updated_at: now,
      });
      await deps.domainEvents.emit(trx, 'organization.updated', { organizationId: org.id });
      await recordOrganizationActivity(deps, req, trx, owner.id, {
        action: 'organization.restored',
        description: `Restored organization "${org.name}"`,
        severity: 'medium',
      });
    });
  });

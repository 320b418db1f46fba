import type { ClientInfo } from '../../core/client-info';
import type { AppDeps } from '../../core/app-deps';
import { CUSTOM_DOMAIN_TEXTS } from '../../contracts/custom-domain';
import { AppError } from '../../core/errors';
import { recordOrganizationActivity } from '../activity';
import {
  findMemberInstance,
  toInstanceOutput,
  type InstanceOutput,
  assertDomainFree,
  customDomainOrThrow,
  newCustomDomain,
  throwIfDomainTaken,
} from '../instances';
import { enforceRateLimit } from '../../core/rate-limit/rate-limiter';
import { checkCustomDomain } from './domain-checks';

type Req = ClientInfo;
type Actor = { id: number };

async function reload(deps: AppDeps, actor: Actor, uuid: string): Promise<InstanceOutput> {
  return toInstanceOutput(deps, await findMemberInstance(deps.db, actor.id, uuid, 'view'));
}

/**
 * Sets (or changes) an instance's custom domain: a new TXT token, status pending_dns, and a first
 * check at once. Setting the same domain again keeps its state. Owners and admins only.
 */
export async function setCustomDomain(
  deps: AppDeps,
  req: Req,
  actor: Actor,
  uuid: string,
  value: string,
): Promise<InstanceOutput> {
  const instance = await findMemberInstance(deps.db, actor.id, uuid, 'manage');
  const domain = customDomainOrThrow(deps.config, value, 'domain');
  if (instance.custom_domain === domain) return reload(deps, actor, uuid);
  // Only a verified domain is taken: unverified claims (pending_dns, failed) never block the
  // real owner; the first instance to prove DNS wins (domain-checks.ts).
  await assertDomainFree(deps.db, domain, 'domain', instance.id);
  try {
    await deps.db.transaction().execute(async (trx) => {
      await trx
        .updateTable('instances')
        .set({ ...newCustomDomain(domain, deps.clock.now()), updated_at: deps.clock.now() })
        .where('id', '=', instance.id)
        .where('status', '!=', 'terminated')
        .execute();
      await recordOrganizationActivity(deps, req, trx, actor.id, {
        action: 'instance.custom_domain_set',
        description: `Set the custom domain of instance "${instance.name}" to ${domain}`,
      });
    });
  } catch (error) {
    throwIfDomainTaken(error, 'domain');
    throw error;
  }
  return reload(deps, actor, uuid);
}

/** An instance the actor manages, when it has a custom domain (404 otherwise). */
async function instanceWithDomain(deps: AppDeps, actor: Actor, uuid: string) {
  const instance = await findMemberInstance(deps.db, actor.id, uuid, 'manage');
  if (!instance.custom_domain) throw new AppError('NOT_FOUND', CUSTOM_DOMAIN_TEXTS.none);
  return instance;
}

/** Removes the custom domain; the instance is served on its own host only from now on. */
export async function removeCustomDomain(
  deps: AppDeps,
  req: Req,
  actor: Actor,
  uuid: string,
): Promise<InstanceOutput> {
  const instance = await instanceWithDomain(deps, actor, uuid);
  await deps.db.transaction().execute(async (trx) => {
    await trx
      .updateTable('instances')
      .set({
        custom_domain: null,
        custom_domain_status: null,
        custom_domain_token: null,
        custom_domain_reason: null,
        custom_domain_since: null,
        custom_domain_attempts: 0,
        custom_domain_checked_at: null,
        custom_domain_verified_at: null,
        custom_domain_lapsed_at: null,
        custom_domain_next_check_at: null,
        updated_at: deps.clock.now(),
      })
      .where('id', '=', instance.id)
      .execute();
    await recordOrganizationActivity(deps, req, trx, actor.id, {
      action: 'instance.custom_domain_removed',
      description: `Removed the custom domain ${instance.custom_domain} from instance "${instance.name}"`,
    });
  });
  return reload(deps, actor, uuid);
}

/**
 * Checks the DNS records now (the customer just created them). A domain that had failed gets a
 * new 72 h window. Limited to 10 checks a minute per instance: each one asks DNS servers.
 */
export async function verifyCustomDomain(
  deps: AppDeps,
  actor: Actor,
  uuid: string,
): Promise<InstanceOutput> {
  const instance = await instanceWithDomain(deps, actor, uuid);
  await enforceRateLimit(deps.rateLimiter, `custom-domain:verify:${instance.id}`, 10, 60);
  let row = instance;
  if (instance.custom_domain_status === 'failed') {
    const now = deps.clock.now();
    const reopened = await deps.db
      .updateTable('instances')
      .set({
        custom_domain_status: 'pending_dns',
        custom_domain_since: now,
        custom_domain_attempts: 0,
        custom_domain_next_check_at: now,
      })
      .where('id', '=', instance.id)
      .where('custom_domain', '=', instance.custom_domain)
      .returningAll()
      .executeTakeFirst();
    if (reopened) row = { ...instance, ...reopened };
  }
  await checkCustomDomain(deps, row);
  return reload(deps, actor, uuid);
}

import type { Kysely, Selectable } from 'kysely';
import type { CustomDomainStatus, Database, InstancesTable, SslStatus } from '@scmp/db';
import type { Context } from '../../request-context';
import { INSTANCE_TEXTS, instanceHostOf, slugify } from '../../contracts/subdomain';
import type { AppDeps } from '../../app-deps';
import { AppError } from '../../errors';
import { recordActivity } from '../activity/record-activity';
import { assertDeployAllowed } from '../billing/seams';
import { enqueueJob } from '../jobs/queue';
import { deleteBrandingRows } from '../organizations/branding-cleanup';
import { deleteStoredFiles } from '../organizations/organization-deletion';
import type { OrganizationPermission } from '../../contracts/roles';
import { findMemberOrganization, requirePermission } from '../organizations/membership';
import { isUniqueViolation, isUuid, toIso } from '../organizations/shared';
import { emitWebhookEvent, hasListeners } from '../webhooks/emit';
import type { WebhookEventType } from '../../contracts/webhooks';
import { PROVISION_JOB } from './job-types';
import { instanceUrlOf } from './instance-url';
import { dnsRecordsFor, type DnsRecord } from '../custom-domains/dns-records';
import {
  CUSTOM_DOMAIN_UNIQUE,
  customDomainOrThrow,
  domainHolder,
  domainTaken,
  newCustomDomain,
} from '../custom-domains/new-domain';

export type InstanceRow = Selectable<InstancesTable>;

export type InstanceOutput = {
  id: string;
  uuid: string;
  name: string;
  status: string;
  ssl_status: SslStatus;
  organization_uuid: string;
  organization_name: string;
  subdomain: string;
  host: string | null;
  custom_domain: string | null;
  custom_domain_status: CustomDomainStatus | null;
  custom_domain_reason: string | null;
  custom_domain_checked_at: string | null;
  dns_records: DnsRecord[];
  instance_url: string | null;
  provisioned_at: string | null;
  last_health_check: string | null;
  last_health_status: string | null;
  ssl_issuer: string | null;
  ssl_expires_at: string | null;
  ssl_reason: string | null;
  ssl_checked_at: string | null;
  created_at: string;
};

type Req = Pick<Context['req'], 'ip' | 'userAgent'>;
type Actor = { id: number };

/** Instances of the organizations `userId` belongs to, with the organization and their role. */
function baseQuery(db: Kysely<Database>, userId: number) {
  return db
    .selectFrom('instances')
    .innerJoin('organizations', 'organizations.id', 'instances.organization_id')
    .innerJoin('organization_members', (join) =>
      join
        .onRef('organization_members.organization_id', '=', 'instances.organization_id')
        .on('organization_members.user_id', '=', userId),
    )
    .selectAll('instances')
    .select([
      'organizations.uuid as organization_uuid',
      'organizations.name as organization_name',
      'organization_members.role as role',
    ]);
}

export type JoinedRow = InstanceRow & {
  organization_uuid: string;
  organization_name: string;
};

export function toInstanceOutput(deps: Pick<AppDeps, 'config'>, row: JoinedRow): InstanceOutput {
  return {
    id: row.uuid,
    uuid: row.uuid,
    name: row.name,
    status: row.status,
    ssl_status: row.ssl_status,
    organization_uuid: row.organization_uuid,
    organization_name: row.organization_name,
    subdomain: row.prefix,
    host: row.host,
    custom_domain: row.custom_domain,
    custom_domain_status: row.custom_domain ? row.custom_domain_status : null,
    custom_domain_reason: row.custom_domain ? row.custom_domain_reason : null,
    custom_domain_checked_at: row.custom_domain ? toIso(row.custom_domain_checked_at) : null,
    dns_records:
      row.custom_domain && row.custom_domain_token && row.host
        ? dnsRecordsFor(deps.config, row.custom_domain, row.custom_domain_token, row.host)
        : [],
    instance_url: row.host ? instanceUrlOf(deps.config, row.host) : null,
    provisioned_at: toIso(row.provisioned_at),
    last_health_check: toIso(row.last_health_check),
    last_health_status: row.last_health_status,
    ssl_issuer: row.ssl_issuer,
    ssl_expires_at: toIso(row.ssl_expires_at),
    ssl_reason: row.ssl_reason,
    ssl_checked_at: toIso(row.ssl_checked_at),
    created_at: toIso(row.created_at) ?? '',
  };
}

/**
 * Records an instance.* webhook event with the instance as the REST API shows it, inside the
 * transaction of the change (nothing is read when no webhook of the organization listens).
 */
export async function emitInstanceEvent(
  trx: Kysely<Database>,
  deps: Pick<AppDeps, 'config' | 'clock'>,
  instanceId: number,
  type: Extract<WebhookEventType, `instance.${string}`>,
): Promise<void> {
  const row = await trx
    .selectFrom('instances')
    .innerJoin('organizations', 'organizations.id', 'instances.organization_id')
    .selectAll('instances')
    .select(['organizations.uuid as organization_uuid', 'organizations.name as organization_name'])
    .where('instances.id', '=', instanceId)
    .executeTakeFirst();
  if (!row || !(await hasListeners(trx, row.organization_id, type))) return;
  await emitWebhookEvent(trx, {
    organizationId: row.organization_id,
    type,
    objectUuid: row.uuid,
    data: toInstanceOutput(deps, row),
    at: deps.clock.now(),
  });
}

/** Live instances of every organization the user belongs to, newest first; or of one of them. */
export async function listInstances(
  deps: Pick<AppDeps, 'db' | 'config'>,
  userId: number,
  organizationUuid?: string,
): Promise<InstanceOutput[]> {
  let query = baseQuery(deps.db, userId).where('instances.status', '!=', 'terminated');
  if (organizationUuid !== undefined) {
    const org = await findMemberOrganization(deps.db, userId, organizationUuid, 'view');
    query = query.where('instances.organization_id', '=', org.id);
  }
  const rows = await query
    .orderBy('instances.created_at', 'desc')
    .orderBy('instances.id', 'desc')
    .execute();
  return rows.map((row) => toInstanceOutput(deps, row));
}

/** A live instance of one of the user's organizations: 404 if not a member, 403 if the role lacks `permission`. */
export async function findMemberInstance(
  db: Kysely<Database>,
  userId: number,
  uuid: string,
  permission: OrganizationPermission,
): Promise<JoinedRow> {
  if (!isUuid(uuid)) throw new AppError('NOT_FOUND', INSTANCE_TEXTS.notFound);
  const found = await baseQuery(db, userId)
    .where('instances.uuid', '=', uuid)
    .where('instances.status', '!=', 'terminated')
    .executeTakeFirst();
  if (!found) throw new AppError('NOT_FOUND', INSTANCE_TEXTS.notFound);
  const { role, ...row } = found;
  requirePermission(role, permission);
  return row;
}

export async function getInstance(
  deps: Pick<AppDeps, 'db' | 'config'>,
  userId: number,
  uuid: string,
) {
  return toInstanceOutput(deps, await findMemberInstance(deps.db, userId, uuid, 'view'));
}

export type DeployInput = {
  organization_uuid: string;
  name: string;
  /** Lower-cased host prefix; undefined = generated from the name. */
  subdomain?: string;
  /** Hostname only. */
  custom_domain?: string;
};

const MAX_LABEL = 63;

async function isHostFree(db: Kysely<Database>, host: string): Promise<boolean> {
  const row = await db
    .selectFrom('instances')
    .select('id')
    .where('host', '=', host)
    .executeTakeFirst();
  return row === undefined;
}

/** Creates the instance as `pending` and queues its provisioning. */
export async function deployInstance(
  deps: AppDeps,
  req: Req,
  actor: Actor,
  input: DeployInput,
): Promise<InstanceOutput> {
  const org = await findMemberOrganization(deps.db, actor.id, input.organization_uuid, 'manage');
  if (!org.subdomain) throw new AppError('CONFLICT', INSTANCE_TEXTS.needsSubdomain);
  await assertDeployAllowed(deps, org.id);
  const domain = input.custom_domain
    ? customDomainOrThrow(deps.config, input.custom_domain, 'custom_domain')
    : undefined;
  // A verified domain is taken; unverified claims of others do not block (domain-checks.ts).
  if (domain && (await domainHolder(deps.db, domain))) throw domainTaken('custom_domain');

  const maxPrefix = MAX_LABEL - org.subdomain.length - 1;
  const explicit = input.subdomain;
  if (explicit && explicit.length > maxPrefix)
    throw new AppError('VALIDATION_ERROR', INSTANCE_TEXTS.hostTooLong, {
      errors: { subdomain: [INSTANCE_TEXTS.hostTooLong] },
    });
  const hostOf = (prefix: string) =>
    instanceHostOf(prefix, org.subdomain!, deps.config.instanceDomain);
  const taken = () =>
    new AppError('CONFLICT', INSTANCE_TEXTS.hostTaken, {
      errors: { subdomain: [INSTANCE_TEXTS.hostTaken] },
    });

  for (let attempt = 0; attempt < 5; attempt += 1) {
    let prefix: string;
    if (explicit) {
      prefix = explicit;
      if (!(await isHostFree(deps.db, hostOf(prefix)))) throw taken();
    } else {
      const stem = slugify(input.name, Math.max(1, Math.min(30, maxPrefix - 4))) || 'site';
      prefix = stem;
      for (let n = 2; !(await isHostFree(deps.db, hostOf(prefix))); n += 1) prefix = `${stem}-${n}`;
    }
    try {
      const row = await deps.db.transaction().execute(async (trx) => {
        const inserted = await trx
          .insertInto('instances')
          .values({
            organization_id: org.id,
            // Denormalised organization owner (who pays), whoever of the team deployed it.
            owner_id: org.owner_id,
            name: input.name,
            prefix,
            host: hostOf(prefix),
            ...(domain ? newCustomDomain(domain, deps.clock.now()) : {}),
            provisioned_at: null,
            last_health_check: null,
            last_health_status: null,
            terminated_at: null,
            created_at: deps.clock.now(),
            updated_at: deps.clock.now(),
          })
          .returningAll()
          .executeTakeFirstOrThrow();
        await enqueueJob(trx, {
          type: PROVISION_JOB,
          payload: { instanceId: inserted.id },
          runAt: deps.clock.now(),
          uniqueKey: `instance-provision:${inserted.id}`,
        });
        await emitInstanceEvent(trx, deps, inserted.id, 'instance.created');
        await recordActivity(
          deps,
          req,
          {
            userId: actor.id,
            type: 'organization',
            action: 'instance.deployed',
            description: `Deployed instance "${inserted.name}" for "${org.name}"`,
          },
          trx,
        );
        return inserted;
      });
      return toInstanceOutput(deps, {
        ...row,
        organization_uuid: org.uuid,
        organization_name: org.name,
      });
    } catch (error) {
      if (isUniqueViolation(error, CUSTOM_DOMAIN_UNIQUE)) throw domainTaken('custom_domain');
      if (!isUniqueViolation(error)) throw error;
      if (explicit) throw taken();
    }
  }
  throw taken();
}

/** Suspend (only from active) or resume (only from suspended); anything else is 409. */
export async function changeInstanceStatus(
  deps: AppDeps,
  req: Req,
  actor: Actor,
  uuid: string,
  action: 'suspend' | 'resume',
): Promise<InstanceOutput> {
  const instance = await findMemberInstance(deps.db, actor.id, uuid, 'manage');
  const [from, to, text] =
    action === 'suspend'
      ? (['active', 'suspended', INSTANCE_TEXTS.suspendOnlyActive] as const)
      : (['suspended', 'active', INSTANCE_TEXTS.resumeOnlySuspended] as const);
  const updated = await deps.db.transaction().execute(async (trx) => {
    const row = await trx
      .updateTable('instances')
      .set({ status: to, updated_at: deps.clock.now() })
      .where('id', '=', instance.id)
      .where('status', '=', from)
      .returningAll()
      .executeTakeFirst();
    if (row) {
      await emitInstanceEvent(
        trx,
        deps,
        row.id,
        action === 'suspend' ? 'instance.suspended' : 'instance.resumed',
      );
    }
    return row;
  });
  if (!updated) throw new AppError('CONFLICT', text);
  await recordActivity(deps, req, {
    userId: actor.id,
    type: 'organization',
    action: action === 'suspend' ? 'instance.suspended' : 'instance.resumed',
    description: `${action === 'suspend' ? 'Suspended' : 'Resumed'} instance "${instance.name}"`,
    severity: action === 'suspend' ? 'medium' : 'info',
  });
  return toInstanceOutput(deps, {
    ...updated,
    organization_uuid: instance.organization_uuid,
    organization_name: instance.organization_name,
  });
}

/** Terminates the instance: its host is released, its branding and files removed. */
export async function deleteInstance(
  deps: AppDeps,
  req: Req,
  actor: Actor,
  uuid: string,
): Promise<{ name: string }> {
  const instance = await findMemberInstance(deps.db, actor.id, uuid, 'manage');
  const files = await deps.db.transaction().execute(async (trx) => {
    const done = await trx
      .updateTable('instances')
      .set({
        status: 'terminated',
        host: null,
        // The custom domain is released with the host.
        custom_domain: null,
        custom_domain_status: null,
        custom_domain_next_check_at: null,
        ssl_next_check_at: null,
        terminated_at: deps.clock.now(),
        updated_at: deps.clock.now(),
      })
      .where('id', '=', instance.id)
      .where('status', '!=', 'terminated')
      .returning('id')
      .executeTakeFirst();
    if (!done) throw new AppError('NOT_FOUND', INSTANCE_TEXTS.notFound);
    await emitInstanceEvent(trx, deps, instance.id, 'instance.deleted');
    const removed = await deleteBrandingRows(trx, null, [instance.id]);
    await recordActivity(
      deps,
      req,
      {
        userId: actor.id,
        type: 'organization',
        action: 'instance.deleted',
        description: `Deleted instance "${instance.name}"`,
        severity: 'medium',
      },
      trx,
    );
    return removed;
  });
  await deleteStoredFiles(deps, files);
  return { name: instance.name };
}

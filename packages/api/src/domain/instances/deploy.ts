import type { Kysely } from 'kysely';
import type { Database } from '@scmp/db';
import { INSTANCE_TEXTS } from '../../contracts/instances';
import { instanceHostOf, slugify } from '../../contracts/subdomain';
import type { AppDeps } from '../../core/app-deps';
import { AppError } from '../../core/errors';
import { rowExists } from '../../core/matching-rows';
import { recordOrganizationActivity } from '../activity';
import { assertDeployAllowed } from '../billing';
import { enqueueJob } from '../../core/jobs/queue';
import { assertNotClosing, findMemberOrganization } from '../memberships';
import { isUniqueViolation } from '../../core/unique-violation';
import { PROVISION_JOB } from './job-types';
import {
  assertDomainFree,
  customDomainOrThrow,
  newCustomDomain,
  throwIfDomainTaken,
} from './new-domain';
import { toInstanceOutput, type InstanceOutput } from './instance-output';
import type { Actor, Req } from './instances';

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
  return !(await rowExists(db.selectFrom('instances').where('host', '=', host)));
}

/** Creates the instance as `pending` and queues its provisioning. */
export async function deployInstance(
  deps: AppDeps,
  req: Req,
  actor: Actor,
  input: DeployInput,
): Promise<InstanceOutput> {
  const org = await findMemberOrganization(deps.db, actor.id, input.organization_uuid, 'manage');
  assertNotClosing(org);
  if (!org.subdomain) throw new AppError('CONFLICT', INSTANCE_TEXTS.needsSubdomain);
  await assertDeployAllowed(deps, org.id);
  const domain = input.custom_domain
    ? customDomainOrThrow(deps.config, input.custom_domain, 'custom_domain')
    : undefined;
  if (domain) await assertDomainFree(deps.db, domain, 'custom_domain');

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
        await deps.domainEvents.emit(trx, 'instance.created', {
          organizationId: inserted.organization_id,
          instanceId: inserted.id,
        });
        await recordOrganizationActivity(deps, req, trx, actor.id, {
          action: 'instance.deployed',
          description: `Deployed instance "${inserted.name}" for "${org.name}"`,
        });
        return inserted;
      });
      return toInstanceOutput(deps, {
        ...row,
        organization_uuid: org.uuid,
        organization_name: org.name,
      });
    } catch (error) {
      throwIfDomainTaken(error, 'custom_domain');
      if (!isUniqueViolation(error)) throw error;
      if (explicit) throw taken();
    }
  }
  throw taken();
}

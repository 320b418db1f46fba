import { z } from 'zod';
import {
  RETENTION_RULE_IDS,
  RETENTION_RULE_OUTCOMES,
  RETENTION_RULES,
  retentionKeptFor,
} from '../../../contracts/retention';
import { toIso } from '../../../core/iso-date';
import { envelope, ok } from '../../envelope';
import { retentionSummary } from '../../../domain/privacy';
import { staffProcedure } from '../../trpc';

const staffRetentionOutput = z.strictObject({
  rules: z
    .array(
      z.strictObject({
        id: z.enum(RETENTION_RULE_IDS),
        what: z.string(),
        kept_for: z.string(),
        then: z.string(),
      }),
    )
    .describe('The retention rules (contracts/retention.ts), in the order a run applies them'),
  runs: z
    .array(
      z.strictObject({
        uuid: z.string(),
        started_at: z.string(),
        finished_at: z.string().nullable(),
        status: z.enum(['running', 'ok', 'failed']),
        error: z.string().nullable(),
        results: z.array(
          z.strictObject({
            rule: z.string(),
            removed: z.number().int(),
            outcome: z.enum(RETENTION_RULE_OUTCOMES),
            error: z.string().nullable(),
          }),
        ),
      }),
    )
    .describe('The latest 10 runs, newest first'),
  closing_organizations: z
    .array(
      z.strictObject({
        uuid: z.string(),
        name: z.string(),
        owner_email: z.string(),
        closed_at: z.string(),
        purge_at: z.string(),
      }),
    )
    .describe('Organizations in their 60-day closing window, soonest purge first'),
});

/** GET /staff/retention: the operator console's Data retention section. */
export const staffRetention = staffProcedure
  .meta({
    openapi: {
      method: 'GET',
      path: '/staff/retention',
      tags: ['staff'],
      summary: 'Staff: retention rules, the latest retention runs, organizations closing',
      description:
        'The retention job runs hourly on the worker and applies every rule; each run records the ' +
        'rows removed per rule and whether it succeeded (a failed run e-mails the operators and is ' +
        'retried with backoff). Closing organizations are those in their 60-day window before the purge. ' +
        'Staff only: 404 to anyone else.',
      protect: true,
    },
  })
  .input(z.object({}).optional())
  .output(envelope(staffRetentionOutput))
  .query(async ({ ctx }) => {
    const { runs, closing } = await retentionSummary(ctx.deps);
    return ok({
      rules: RETENTION_RULES.map((r) => ({
        id: r.id,
        what: r.what,
        kept_for: retentionKeptFor(r),
        then: r.then,
      })),
      runs: runs.map((run) => ({
        uuid: run.uuid,
        started_at: toIso(run.started_at)!,
        finished_at: toIso(run.finished_at),
        status: run.status,
        error: run.error,
        results: (run.results ?? []).map((r) => ({
          rule: r.rule,
          removed: r.removed,
          outcome: r.outcome,
          error: r.error ?? null,
        })),
      })),
      closing_organizations: closing,
    });
  });

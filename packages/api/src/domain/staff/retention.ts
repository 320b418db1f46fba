import { RETENTION_RULES, retentionKeptFor } from '../../contracts/retention';
import type { AppDeps } from '../../core/app-deps';
import { toIso } from '../../core/iso-date';
import { retentionSummary } from '../privacy';
import type { StaffRetention } from './staff-schema';

/** The operator console's Data retention section: the rules, the latest runs, closing organizations. */
export async function staffRetention(deps: AppDeps): Promise<StaffRetention> {
  const { runs, closing } = await retentionSummary(deps);
  return {
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
  };
}

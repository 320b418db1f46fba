import type { BrandingFieldsValues } from '../../contracts/branding-schemas';
import { FRONT_PAGE_TEXTS } from '../../contracts/front-page';
import { type FrontPageValues } from '../../contracts/front-page-schemas';
import type { AppDeps } from '../../core/app-deps';
import { AppError } from '../../core/errors';
import { ALL_KEYS } from '../../core/events/events';
import { sanitizeEmailHtml } from '../../core/email-html';
import { sanitizeCustomCss } from './sanitize';
import { findBrandingTarget, type BrandingTarget } from './target';
import { ensureRow, viewOf } from './view';
import type { BrandingView } from './branding-schema';

/**
 * Every cached public branding may include this entity's (an org's instances fall back to it):
 * every process forgets them all.
 */
export async function invalidateCache(deps: AppDeps): Promise<void> {
  await deps.events.publish('branding', ALL_KEYS);
}

export async function getBranding(
  deps: AppDeps,
  userId: number,
  id: string,
): Promise<BrandingView> {
  return viewOf(deps, await findBrandingTarget(deps, userId, id));
}

/**
 * Writes a branding change with its branding.updated domain event in one transaction (its webhook
 * event's data, the branding as GET /branding/{id} shows it, is read when it is first sent).
 */
export async function saveBranding(
  deps: AppDeps,
  target: BrandingTarget,
  rowId: number,
  changes: Partial<Record<string, string | null>>,
): Promise<void> {
  await deps.db.transaction().execute(async (trx) => {
    await trx
      .updateTable('brandings')
      .set({ ...changes, updated_at: deps.clock.now() })
      .where('id', '=', rowId)
      .execute();
    await deps.domainEvents.emit(trx, 'branding.updated', {
      organizationId: target.organizationId,
      targetUuid: target.uuid,
    });
  });
}

/** The front page's columns to write (omitted fields keep their value). */
function frontPageChanges(input: FrontPageValues): Partial<Record<string, string | null>> {
  const changes: Partial<Record<string, string | null>> = {};
  for (const [key, value] of Object.entries(input)) {
    if (value === undefined) continue;
    changes[`front_page_${key}`] =
      key === 'links' ? JSON.stringify(value) : (value as string | null);
  }
  return changes;
}

/**
 * Saves the text and colour fields, and an instance's front page (omitted fields keep their
 * value; a front page for an organization's branding is refused).
 */
export async function updateBranding(
  deps: AppDeps,
  userId: number,
  id: string,
  input: BrandingFieldsValues & { front_page?: FrontPageValues | null },
): Promise<BrandingView> {
  const target = await findBrandingTarget(deps, userId, id, 'manage');
  const { front_page: frontPage, ...fields } = input;
  if (frontPage && target.kind !== 'instance') {
    throw new AppError('VALIDATION_ERROR', FRONT_PAGE_TEXTS.organizationOnly, {
      errors: { front_page: [FRONT_PAGE_TEXTS.organizationOnly] },
    });
  }
  const changes: Partial<Record<string, string | null>> = frontPage
    ? frontPageChanges(frontPage)
    : {};
  for (const [key, value] of Object.entries(fields) as Array<
    [keyof BrandingFieldsValues, string | null | undefined]
  >) {
    if (value !== undefined) changes[key] = value;
  }
  if (changes.custom_css !== undefined) changes.custom_css = sanitizeCustomCss(changes.custom_css);
  if (changes.email_template_header !== undefined) {
    changes.email_template_header = sanitizeEmailHtml(changes.email_template_header);
  }
  if (changes.email_template_footer !== undefined) {
    changes.email_template_footer = sanitizeEmailHtml(changes.email_template_footer);
  }
  const row = await ensureRow(deps, target);
  await saveBranding(deps, target, row.id, changes);
  await invalidateCache(deps);
  return viewOf(deps, target);
}

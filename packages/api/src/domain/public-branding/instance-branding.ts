import type { PublicBranding } from '../../contracts/branding-defaults';
import type { AppDeps } from '../../core/app-deps';
import { AppError } from '../../core/errors';
import { resolveInstanceBranding } from './resolve';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
export const INSTANCE_BRANDING_NOT_FOUND_TEXT = 'Instance not found';

/**
 * Public branding of a live instance's portal (instance → organization → defaults). Only
 * instances whose portal is served (active) answer; anything else is 404.
 */
export async function getPublicInstanceBranding(
  deps: AppDeps,
  uuid: string,
): Promise<PublicBranding> {
  if (!UUID.test(uuid)) throw new AppError('NOT_FOUND', INSTANCE_BRANDING_NOT_FOUND_TEXT);
  const instance = await deps.db
    .selectFrom('instances')
    .select('id')
    .where('uuid', '=', uuid)
    .where('status', '=', 'active')
    .executeTakeFirst();
  if (!instance) throw new AppError('NOT_FOUND', INSTANCE_BRANDING_NOT_FOUND_TEXT);
  return resolveInstanceBranding(deps.db, instance.id);
}

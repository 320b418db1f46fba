import type { PublicBranding } from '../../contracts/branding-defaults';
import type { AppDeps } from '../../core/app-deps';
import { activeIdByUuid } from './active-by-uuid';
import { resolveInstanceBranding } from './resolve';

export const INSTANCE_BRANDING_NOT_FOUND_TEXT = 'Instance not found';

/**
 * Public branding of a live instance's portal (instance → organization → defaults). Only
 * instances whose portal is served (active) answer; anything else is 404.
 */
export async function getPublicInstanceBranding(
  deps: AppDeps,
  uuid: string,
): Promise<PublicBranding> {
  const id = await activeIdByUuid(deps, 'instances', uuid, INSTANCE_BRANDING_NOT_FOUND_TEXT);
  return resolveInstanceBranding(deps.db, id);
}

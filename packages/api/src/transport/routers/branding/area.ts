import { access, area } from '../../operation';

/** The operations tagged `branding` in the OpenAPI document (see ../../operation.ts). */
export const branding = area('branding');

/** Reads a branding: a member who can view it, or an API token with branding:read. */
export const viewBranding = access('branding:read', 'view');

/** Changes a branding: the organization's admins, or an API token with branding:write. */
export const manageBranding = access('branding:write', 'manage');

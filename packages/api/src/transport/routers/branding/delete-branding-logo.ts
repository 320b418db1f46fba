import { brandingDeleteProcedure } from './branding-delete';

/** DELETE /branding/{id}/logo. */
export const deleteBrandingLogo = brandingDeleteProcedure('logo');

import { brandingDeleteProcedure } from './branding-delete';

/** DELETE /branding/{id}/favicon. */
export const deleteBrandingFavicon = brandingDeleteProcedure('favicon');

import { brandingUploadProcedure } from './branding-upload';

/** POST /branding/{id}/favicon (multipart, one file field named favicon). */
export const uploadBrandingFavicon = brandingUploadProcedure('favicon');

import { brandingUploadProcedure } from './branding-upload';

/** POST /branding/{id}/logo (multipart, one file field named logo). */
export const uploadBrandingLogo = brandingUploadProcedure('logo');

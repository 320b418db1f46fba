import { router } from '../../trpc';
import { deleteBrandingFavicon } from './delete-branding-favicon';
import { deleteBrandingLogo } from './delete-branding-logo';
import { getBranding } from './get-branding';
import { getBrandingEmailPreview } from './get-branding-email-preview';
import { updateBranding } from './update-branding';
import { uploadBrandingFavicon } from './upload-branding-favicon';
import { uploadBrandingLogo } from './upload-branding-logo';

/**
 * Procedures of the branding area. Multipart uploads to POST /branding/{id}/logo and /favicon (documented
 * here) and the file route GET /files/branding/:name are served by
 * apps/server/src/routes/branding-files.ts.
 */
export const brandingRouter = router({
  getBranding,
  updateBranding,
  deleteBrandingLogo,
  deleteBrandingFavicon,
  getBrandingEmailPreview,
  uploadBrandingLogo,
  uploadBrandingFavicon,
});

/** The branding area's services, exported for the server's upload and file routes. */
export { getBranding, updateBranding } from './branding';
export { findBrandingTarget } from './target';
export { brandingFileForDownload, deleteBrandingFile, uploadBrandingFile } from './uploads';
export type { BrandingView } from './branding-schema';
export {
  BRANDING_FILE_TYPES,
  BRANDING_UPLOAD_RULES,
  missingFileError,
  tooLargeError,
  wrongTypeError,
  type BrandingFileKind,
} from './files';
export { brandingOutput } from './branding-schema';
export { emailPreview } from './email-branding';
export { brandingViewForEvent } from './view';

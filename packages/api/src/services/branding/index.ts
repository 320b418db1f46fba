/** The branding area's services, exported for the server's upload and file routes. */
export {
  brandingFileForDownload,
  deleteBrandingFile,
  findBrandingTarget,
  getBranding,
  updateBranding,
  uploadBrandingFile,
  type BrandingView,
} from './branding';
export { emailBrandingFor } from './email-branding';
export {
  BRANDING_FILE_TYPES,
  BRANDING_UPLOAD_RULES,
  missingFileError,
  tooLargeError,
  wrongTypeError,
  type BrandingFileKind,
} from './files';

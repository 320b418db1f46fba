import { DEFAULT_BRANDING } from '@scmp/api/contracts/branding-defaults';
import { themeFromBranding } from '@scmp/ui';

/** The main site's theme (default branding); tenants get theirs from TenantProvider. */
export const theme = themeFromBranding({ ...DEFAULT_BRANDING });

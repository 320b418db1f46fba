import { BRANDING_TEXTS } from '../../../contracts/branding';
import { envelope, ok } from '../../envelope';
import {
  deleteBrandingFile,
  brandingOutput,
  type BrandingFileKind,
} from '../../../domain/branding';
import { brandingIdInput } from './branding-output';
import { branding, manageBranding } from './area';

const DELETED: Record<BrandingFileKind, string> = {
  logo: BRANDING_TEXTS.logoDeleted,
  favicon: BRANDING_TEXTS.faviconDeleted,
};

/** DELETE /branding/{id}/logo and /favicon: removes the file and answers the branding. */
export function brandingDeleteProcedure(kind: BrandingFileKind) {
  return branding
    .authed(`DELETE /branding/{id}/${kind}`, `Delete the ${kind} of a branding`, manageBranding)
    .input(brandingIdInput)
    .output(envelope(brandingOutput))
    .mutation(async ({ ctx, input }) =>
      ok(await deleteBrandingFile(ctx.deps, ctx.user.id, input.id, kind), DELETED[kind]),
    );
}

import { BRANDING_TEXTS } from '../../../contracts/branding';
import { brandingFieldsInput } from '../../../contracts/branding-schemas';
import { frontPageInput } from '../../../contracts/front-page-schemas';
import { updateBranding as saveBranding, brandingOutput } from '../../../domain/branding';
import { brandingIdInput } from './branding-output';
import { branding, manageBranding } from './area';

export const updateBranding = branding
  .authed('PUT /branding/{id}', 'Save the text and colour fields of a branding', {
    ...manageBranding,
    description:
      'Colours are #RGB or #RRGGBB; empty text is stored as null; omitted fields keep their ' +
      'value. Custom CSS (up to 50 KB) is parsed and rebuilt; @import, external url(), ' +
      'expression(), behavior, -moz-binding and anything that could close a style element are ' +
      'refused. The e-mail header and footer are sanitised with an HTML allow-list. ' +
      "`front_page` (an instance's branding only) sets its portal's front page: headline, " +
      'welcome text, up to six links ({label, url}, https:// only; the list is replaced), ' +
      'contact e-mail, phone and address, page title.',
  })
  .answers(
    brandingIdInput.extend(brandingFieldsInput.shape).extend({
      front_page: frontPageInput.nullable().optional(),
    }),
    brandingOutput,
    BRANDING_TEXTS.saved,
    ({ ctx, input: { id, ...fields } }) => saveBranding(ctx.deps, ctx.user.id, id, fields),
  );

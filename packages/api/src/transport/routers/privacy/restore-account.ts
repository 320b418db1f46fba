import { PRIVACY_TEXTS, restoreAccountInput } from '../../../contracts/privacy';
import { restoreAccount as restore } from '../../../domain/privacy';
import { privacy } from './area';

export const restoreAccount = privacy
  .public(
    'POST /auth/restore-account',
    'Restore a deleted account with the e-mailed link’s token (30 days)',
    {
      description:
        'The account gets its e-mail address back; sign in with the password (passkeys and API ' +
        'tokens were removed). 404 for an unknown, used or expired token; 10 tries a minute per address.',
      // Unset, as published: the REST door marks the answer no-store.
      protect: undefined,
    },
  )
  .answers(restoreAccountInput, PRIVACY_TEXTS.accountRestored, ({ ctx, input }) =>
    restore(ctx.deps, ctx.req, input.token),
  );

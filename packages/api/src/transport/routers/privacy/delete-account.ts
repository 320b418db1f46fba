import { deleteAccountInput, PRIVACY_TEXTS } from '../../../contracts/privacy';
import { deleteAccount as remove } from '../../../domain/privacy';
import { privacy } from './area';

export const deleteAccount = privacy
  .session('DELETE /user', 'Delete your account (restorable for 30 days)', {
    description:
      'Needs the password and `confirm: "DELETE"`. Refused with 409 (and the `organizations` ' +
      'listed) while you are the only owner of an organization that has other members or a ' +
      'live subscription: transfer ownership or close it first. At once: every session and API ' +
      'token is revoked, passkeys are removed, pending invitations withdrawn, memberships ended ' +
      '(member.removed webhooks), sign-in refused; a restore link valid 30 days is e-mailed. ' +
      'After 30 days the personal data is purged (kept records show "Deleted user").',
  })
  .answers(deleteAccountInput, PRIVACY_TEXTS.accountDeleted, ({ ctx, input }) =>
    remove(ctx.deps, ctx.req, ctx.user, input.password),
  );

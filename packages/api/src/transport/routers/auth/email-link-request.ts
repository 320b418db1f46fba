import type { AppDeps } from '../../../core/app-deps';
import type { ClientInfo } from '../../../core/client-info';
import { messageEnvelope, okMessage } from '../../envelope';
import type { Route } from '../../operation';
import { emailInput } from './schemas';
import { auth } from './area';

/**
 * A public operation that e-mails a link to the address typed (forgot-password,
 * resend-verification): `send` decides whether there is an account to mail, and the answer is
 * `message` either way, so it never tells whether an address has an account.
 */
export function emailLinkRequest(
  route: Route,
  summary: string,
  send: (deps: AppDeps, req: ClientInfo, email: string) => Promise<void>,
  message: string,
) {
  return auth
    .public(route, summary)
    .input(emailInput)
    .output(messageEnvelope)
    .mutation(async ({ ctx, input }) => {
      await send(ctx.deps, ctx.req, input.email);
      return okMessage(message);
    });
}

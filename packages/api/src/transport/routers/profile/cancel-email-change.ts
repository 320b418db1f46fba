import { messageEnvelope, okMessage } from '../../envelope';
import { cancelEmailChange as cancelOwn, EMAIL_CHANGE_TEXTS } from '../../../domain/profile';
import { profile } from './area';

export const cancelEmailChange = profile
  .session('DELETE /profile/email-change', 'Cancel the pending e-mail change')
  .output(messageEnvelope)
  .mutation(async ({ ctx }) => {
    await cancelOwn(ctx.deps, ctx.req, ctx.user);
    return okMessage(EMAIL_CHANGE_TEXTS.cancelled);
  });

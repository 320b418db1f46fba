import { SSO_TEXTS } from '../../../contracts/sso';
import { envelope, ok } from '../../envelope';
import {
  findConnection,
  organizationForSso,
  ssoRedirectOutput,
  startAttempt,
} from '../../../domain/sso';
import { organizationItemInput } from '../../organization-item';
import { sso } from './area';

export const testSsoConnection = sso
  .session(
    'POST /organizations/{id}/sso-connections/{uuid}/test',
    'Start a test sign-in: open redirect_url; the claims received are then in last_test (no session is created)',
    { permission: 'manage' },
  )
  .input(organizationItemInput)
  .output(envelope(ssoRedirectOutput))
  .mutation(async ({ ctx, input }) => {
    const org = await organizationForSso(ctx.deps, ctx.user, input.id);
    const connection = await findConnection(ctx.deps, org, input.uuid);
    const started = await startAttempt(ctx.deps, ctx.req, connection, 'test', {
      testerId: ctx.user.id,
    });
    ctx.setCookies.push(...started.setCookies);
    return ok({ redirect_url: started.redirectUrl }, SSO_TEXTS.testStarted);
  });

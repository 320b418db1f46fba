import { z } from 'zod';
import { SSO_TEXTS } from '../../../contracts/sso';
import { envelope, ok } from '../../envelope';
import { findConnection, organizationForSso, startAttempt } from '../../../domain/sso';
import { sessionProcedure } from '../../trpc';
import { connectionUuidInput } from './connection-schemas';

const PATH = '/organizations/{id}/sso-connections';

export const testSsoConnection = sessionProcedure
  .meta({
    permission: 'manage',
    openapi: {
      method: 'POST',
      path: `${PATH}/{uuid}/test`,
      tags: ['sso'],
      summary:
        'Start a test sign-in: open redirect_url; the claims received are then in last_test (no session is created)',
      protect: true,
    },
  })
  .input(connectionUuidInput)
  .output(envelope(z.object({ redirect_url: z.string() })))
  .mutation(async ({ ctx, input }) => {
    const org = await organizationForSso(ctx.deps, ctx.user, input.id);
    const connection = await findConnection(ctx.deps, org, input.uuid);
    const started = await startAttempt(ctx.deps, ctx.req, connection, 'test', {
      testerId: ctx.user.id,
    });
    ctx.setCookies.push(...started.setCookies);
    return ok({ redirect_url: started.redirectUrl }, SSO_TEXTS.testStarted);
  });

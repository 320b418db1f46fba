import { z } from 'zod';
import { MEMBER_TEXTS } from '../../../contracts/roles';
import { messageEnvelope, okMessage } from '../../envelope';
import { transferOwnership as transfer } from '../../../domain/organizations';
import { members } from './area';
import { ownOrganization } from '../organizations/area';

export const transferOwnership = members
  .authed(
    'POST /organizations/{id}/transfer-ownership',
    'Make another member the owner (the old owner becomes an admin)',
    ownOrganization,
  )
  .input(z.object({ id: z.string(), user_uuid: z.string({ error: 'user_uuid is required' }) }))
  .output(messageEnvelope)
  .mutation(async ({ ctx, input }) => {
    await transfer(ctx.deps, ctx.req, ctx.user, input.id, input.user_uuid);
    return okMessage(MEMBER_TEXTS.ownershipTransferred);
  });

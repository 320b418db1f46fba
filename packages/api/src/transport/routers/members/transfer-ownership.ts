import { z } from 'zod';
import { MEMBER_TEXTS } from '../../../contracts/roles';
import { transferOwnership as transfer } from '../../../domain/organizations';
import { members } from './area';
import { ownOrganization } from '../organizations/area';

export const transferOwnership = members
  .authed(
    'POST /organizations/{id}/transfer-ownership',
    'Make another member the owner (the old owner becomes an admin)',
    ownOrganization,
  )
  .answers(
    z.object({ id: z.string(), user_uuid: z.string({ error: 'user_uuid is required' }) }),
    MEMBER_TEXTS.ownershipTransferred,
    ({ ctx, input }) => transfer(ctx.deps, ctx.req, ctx.user, input.id, input.user_uuid),
  );

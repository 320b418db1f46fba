import type { AppDeps } from '../core/app-deps';
import type { ClientInfo } from '../core/client-info';
import type { SessionUser } from '../domain/sessions';
import { z } from 'zod';
import { okMessage } from './envelope';

/**
 * The path of `/organizations/{id}/<items>/{uuid}`: one item (a webhook, an invitation, an SSO
 * connection or e-mail domain) of one organization.
 */
export const organizationItemInput = z.object({ id: z.string(), uuid: z.string() });

/** What an area's removal takes: the signed-in caller, the organization's id and the item's uuid. */
type Remove = (
  deps: AppDeps,
  req: ClientInfo,
  user: SessionUser,
  organizationUuid: string,
  uuid: string,
) => Promise<unknown>;

/**
 * The handler of `DELETE /organizations/{id}/<items>/{uuid}` (a webhook, an open invitation, an SSO
 * connection or e-mail domain): the area's `remove` for the signed-in caller, answering only
 * `message`.
 */
export function removeOrganizationItem(remove: Remove, message: string) {
  return async ({
    ctx,
    input,
  }: {
    ctx: { deps: AppDeps; req: ClientInfo; user: SessionUser };
    input: z.output<typeof organizationItemInput>;
  }) => {
    await remove(ctx.deps, ctx.req, ctx.user, input.id, input.uuid);
    return okMessage(message);
  };
}

import { z } from 'zod';
import { SSO_TEXTS } from '../../contracts/sso';
import { SAML_TEXTS } from '../../contracts/sso-saml';
import { envelope, messageEnvelope, ok, okMessage } from '../../lib/envelope';
import {
  createConnection,
  deleteConnection,
  findConnection,
  getConnection,
  listConnections,
  listFailures,
  organizationForSso,
  startAttempt,
  updateConnection,
} from '../../services/sso';
import { sessionProcedure } from '../../trpc';
import { organizationIdInput } from '../organizations/organization-output';
import {
  connectionOutput,
  connectionUuidInput,
  createConnectionInput,
  failureOutput,
  updateConnectionInput,
} from './connection-schemas';

const PATH = '/organizations/{id}/sso-connections';

export const listSsoConnections = sessionProcedure
  .meta({
    permission: 'manage',
    openapi: {
      method: 'GET',
      path: PATH,
      tags: ['sso'],
      summary: 'The single sign-on connections of an organization (never their secrets)',
      protect: true,
    },
  })
  .input(organizationIdInput)
  .output(envelope(z.array(connectionOutput)))
  .query(async ({ ctx, input }) => ok(await listConnections(ctx.deps, ctx.user, input.id)));

export const createSsoConnection = sessionProcedure
  .meta({
    permission: 'manage',
    openapi: {
      method: 'POST',
      path: PATH,
      tags: ['sso'],
      summary:
        'Add a connection: OpenID Connect { type: "oidc", display_name, issuer, client_id, client_secret } or SAML { type: "saml", display_name, idp_metadata_xml | idp_metadata_url }',
      description:
        'OIDC presets: "google" (the hd claim must be a verified domain) and "entra" (entra_tenant_id; ' +
        'the tid claim must match). client_secret is encrypted at rest and never returned. ' +
        'SAML: the IdP metadata is read when saved (entity ID, HTTP-Redirect single sign-on URL, ' +
        'signing certificates, never returned); the answer carries entity_id, acs_url and metadata_url.',
      protect: true,
    },
    successStatus: 201,
  })
  .input(createConnectionInput)
  .output(envelope(connectionOutput))
  .mutation(async ({ ctx, input }) => {
    const { id, ...rest } = input;
    const created = await createConnection(ctx.deps, ctx.req, ctx.user, id, rest);
    return ok(created, created.type === 'saml' ? SAML_TEXTS.created : SSO_TEXTS.created);
  });

export const getSsoConnection = sessionProcedure
  .meta({
    permission: 'manage',
    openapi: {
      method: 'GET',
      path: `${PATH}/{uuid}`,
      tags: ['sso'],
      summary: 'One connection, with the values to paste into the identity provider',
      protect: true,
    },
  })
  .input(connectionUuidInput)
  .output(envelope(connectionOutput))
  .query(async ({ ctx, input }) =>
    ok(await getConnection(ctx.deps, ctx.user, input.id, input.uuid)),
  );

export const updateSsoConnection = sessionProcedure
  .meta({
    permission: 'manage',
    openapi: {
      method: 'PATCH',
      path: `${PATH}/{uuid}`,
      tags: ['sso'],
      summary: 'Change a connection; a changed provider must be tested again',
      protect: true,
    },
  })
  .input(updateConnectionInput)
  .output(envelope(connectionOutput))
  .mutation(async ({ ctx, input }) => {
    const { id, uuid, ...rest } = input;
    return ok(
      await updateConnection(ctx.deps, ctx.req, ctx.user, id, uuid, rest),
      SSO_TEXTS.updated,
    );
  });

export const deleteSsoConnection = sessionProcedure
  .meta({
    permission: 'manage',
    openapi: {
      method: 'DELETE',
      path: `${PATH}/{uuid}`,
      tags: ['sso'],
      summary: 'Remove a connection',
      protect: true,
    },
  })
  .input(connectionUuidInput)
  .output(messageEnvelope)
  .mutation(async ({ ctx, input }) => {
    await deleteConnection(ctx.deps, ctx.req, ctx.user, input.id, input.uuid);
    return okMessage(SSO_TEXTS.removed);
  });

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

export const listSsoFailures = sessionProcedure
  .meta({
    permission: 'manage',
    openapi: {
      method: 'GET',
      path: '/organizations/{id}/sso-failures',
      tags: ['sso'],
      summary: 'Refused single sign-on attempts (newest first, the last 100) with the reason',
      protect: true,
    },
  })
  .input(organizationIdInput)
  .output(envelope(z.array(failureOutput)))
  .query(async ({ ctx, input }) => ok(await listFailures(ctx.deps, ctx.user, input.id)));

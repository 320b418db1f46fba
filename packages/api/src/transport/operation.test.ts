import { describe, expect, it } from 'vitest';
import { area, operationMeta } from './operation';
import { authedProcedure, publicProcedure } from './trpc';

describe('operationMeta', () => {
  it('splits the route, tags the area and protects a signed-in operation', () => {
    expect(
      operationMeta('instances', true, 'GET /instances/{uuid}', 'One of your instances', {
        scope: 'instances:read',
        permission: 'view',
      }),
    ).toStrictEqual({
      scope: 'instances:read',
      permission: 'view',
      openapi: {
        method: 'GET',
        path: '/instances/{uuid}',
        tags: ['instances'],
        summary: 'One of your instances',
        protect: true,
      },
    });
  });

  it('puts the OpenAPI options under openapi and leaves out those not given', () => {
    const meta = operationMeta('branding', true, 'POST /branding/{id}/logo', 'Upload', {
      successStatus: 201,
      description: 'A file.',
      contentTypes: ['multipart/form-data'],
      operationId: undefined,
    });
    expect(meta).toStrictEqual({
      successStatus: 201,
      openapi: {
        method: 'POST',
        path: '/branding/{id}/logo',
        tags: ['branding'],
        summary: 'Upload',
        description: 'A file.',
        protect: true,
        contentTypes: ['multipart/form-data'],
      },
    });
  });

  it('does not protect a public operation, unless it reads an optional sign-in', () => {
    expect(operationMeta('auth', false, 'POST /auth/login', 'Sign in').openapi?.protect).toBe(
      false,
    );
    const logout = operationMeta('auth', false, 'POST /auth/logout', 'Sign out', {
      optionalAuth: true,
    });
    expect(logout).toStrictEqual({
      optionalAuth: true,
      openapi: {
        method: 'POST',
        path: '/auth/logout',
        tags: ['auth'],
        summary: 'Sign out',
        protect: true,
      },
    });
  });

  it('leaves protect unset when the options state it undefined', () => {
    const meta = operationMeta('health', false, 'GET /health', 'Health', { protect: undefined });
    expect(meta.openapi).toStrictEqual({
      method: 'GET',
      path: '/health',
      tags: ['health'],
      summary: 'Health',
    });
  });

  it('declares a flagged procedure without summary or tag, left out of the document', () => {
    expect(
      operationMeta('organizations', false, 'GET /organizations', {
        scope: 'organizations:read',
        restFlag: 'public',
      }),
    ).toStrictEqual({
      scope: 'organizations:read',
      restFlag: 'public',
      openapi: { method: 'GET', path: '/organizations', enabled: false, protect: false },
    });
  });
});

describe('area', () => {
  it('gives each kind of caller its base procedure with the meta', () => {
    const tickets = area('support');
    const signedIn = tickets.authed('GET /support/tickets', 'Your tickets');
    const open = tickets.public('GET /support/config', 'Config');
    expect(signedIn._def.middlewares).toEqual(authedProcedure._def.middlewares);
    expect(signedIn._def.meta?.openapi).toMatchObject({ tags: ['support'], protect: true });
    expect(open._def.middlewares).toEqual(publicProcedure._def.middlewares);
    expect(open._def.meta?.openapi).toMatchObject({ tags: ['support'], protect: false });
  });
});

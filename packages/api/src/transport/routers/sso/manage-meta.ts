import type { Meta } from '../../trpc';

type SsoOperation = {
  method: 'GET' | 'POST' | 'PATCH' | 'DELETE';
  path: `/${string}`;
  summary: string;
  description?: string;
};

/**
 * The meta every organization single sign-on setting shares (connections, policies, e-mail
 * domains): organization admins only (permission manage), tagged sso, CSRF-protected.
 */
export const ssoManageMeta = (
  { method, path, summary, description }: SsoOperation,
  successStatus?: number,
): Meta => ({
  permission: 'manage',
  openapi: {
    method,
    path,
    tags: ['sso'],
    summary,
    ...(description === undefined ? {} : { description }),
    protect: true,
  },
  ...(successStatus === undefined ? {} : { successStatus }),
});

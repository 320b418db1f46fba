import { area, type OperationOptions } from '../../operation';

/** The operations tagged `sso` in the OpenAPI document (see ../../operation.ts). */
export const sso = area('sso');

/**
 * An organization's single sign-on settings (connections, policies, e-mail domains): its owner and
 * admins (permission manage), with a session only (sessionProcedure; no API token scope).
 */
export const manageSso = { permission: 'manage' } as const satisfies OperationOptions;

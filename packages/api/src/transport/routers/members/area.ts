import { area } from '../../operation';

/** The operations tagged `members` in the OpenAPI document (see ../../operation.ts). */
export const members = area('members');

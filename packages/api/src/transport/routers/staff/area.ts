import { area } from '../../operation';

/** The operations tagged `staff` in the OpenAPI document (see ../../operation.ts). */
export const staff = area('staff');

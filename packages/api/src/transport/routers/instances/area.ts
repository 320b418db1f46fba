import { area } from '../../operation';

/** The operations tagged `instances` in the OpenAPI document (see ../../operation.ts). */
export const instances = area('instances');

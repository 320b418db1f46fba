import { z } from 'zod';
import { SSO_DOMAIN_TEXTS } from '../../../contracts/sso';

export const domainInput = z
  .string({ error: SSO_DOMAIN_TEXTS.required })
  .trim()
  .min(1, SSO_DOMAIN_TEXTS.required)
  .max(253, SSO_DOMAIN_TEXTS.invalid);

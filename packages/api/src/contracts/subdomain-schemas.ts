import { z } from 'zod';
import { hasOnlySubdomainCharacters, SUBDOMAIN_TEXTS, subdomainProblem } from './subdomain';

/** Zod schema of the tenant screen's slug (required, every rule). */
export const tenantSubdomainSchema = z
  .string({ error: SUBDOMAIN_TEXTS.required })
  .trim()
  .superRefine((value, ctx) => {
    const problem = subdomainProblem(value);
    if (problem) ctx.addIssue({ code: 'custom', message: problem });
  });

/**
 * An optional subdomain on the create/edit forms: the character rule text first, then lower-cased
 * and checked against every tenant rule. Empty or missing → undefined (generated from the name).
 */
export const optionalSubdomainSchema = z
  .string()
  .trim()
  .nullish()
  .superRefine((value, ctx) => {
    if (!value) return;
    if (!hasOnlySubdomainCharacters(value)) {
      ctx.addIssue({ code: 'custom', message: SUBDOMAIN_TEXTS.lettersNumbersHyphens });
      return;
    }
    const problem = subdomainProblem(value.toLowerCase());
    if (problem) ctx.addIssue({ code: 'custom', message: problem });
  })
  .transform((value) => (value ? value.toLowerCase() : undefined));

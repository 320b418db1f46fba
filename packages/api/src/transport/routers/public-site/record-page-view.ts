import { z } from 'zod';
import { recordPageView as recordView } from '../../../domain/public-branding';
import { publicSite } from './area';

/** First-party analytics beacon, sent only after the visitor consented to analytics cookies. */
export const recordPageView = publicSite
  .public(
    'POST /public/analytics/pageview',
    'Count a page view (analytics consent only; nothing personal is stored)',
    { successStatus: 202 },
  )
  .answers(
    z.object({
      path: z
        .string({ error: 'The path is required' })
        .trim()
        .min(1, 'The path is required')
        .max(500, 'The path may not be longer than 500 characters')
        .regex(/^\//, 'The path must start with /'),
    }),
    z.object({ recorded: z.boolean() }),
    ({ input }) => ({ recorded: recordView(input.path) > 0 }),
  );

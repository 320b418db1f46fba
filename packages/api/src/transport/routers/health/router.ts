import { router } from '../../trpc';
import { checkHealth } from './check-health';

export const healthRouter = router({
  check: checkHealth,
});

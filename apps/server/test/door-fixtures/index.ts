/** Every procedure's door fixture, by area file (the conventions are in ./shared.ts). */
import { ACCOUNT_FIXTURES } from './account';
import { OPERATIONS_FIXTURES } from './operations';
import { ORGANIZATIONS_FIXTURES } from './organizations';
import type { DoorFixture } from './shared';
import { SSO_FIXTURES } from './sso';

export {
  KNOWN_DISAGREEMENTS,
  THROTTLED_CALLS,
  TRPC_ONLY,
  type DoorCall,
  type DoorFixture,
} from './shared';

export const DOOR_FIXTURES: Record<string, DoorFixture> = {
  ...ACCOUNT_FIXTURES,
  ...ORGANIZATIONS_FIXTURES,
  ...OPERATIONS_FIXTURES,
  ...SSO_FIXTURES,
};

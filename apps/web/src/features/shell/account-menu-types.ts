import type { SessionUser } from '../../lib/types';
import type { NavLink as NavLinkItem } from './nav-links';

/** What the account menu and its lazily loaded dropdown both take. */
export type AccountMenuProps = {
  user: SessionUser;
  accountLinks: NavLinkItem[];
  signOut: () => Promise<void>;
  signingOut: boolean;
};

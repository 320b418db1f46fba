export type NavLink = { to: string; label: string };

export const PUBLIC_LINKS: NavLink[] = [
  { to: '/', label: 'Home' },
  { to: '/features', label: 'Features' },
  { to: '/pricing', label: 'Pricing' },
  { to: '/case-studies', label: 'Case Studies' },
  { to: '/health-safety-compliance', label: 'Health & Safety' },
];

export const DASHBOARD_LINKS: NavLink[] = [
  { to: '/dashboard', label: 'Dashboard' },
  { to: '/dashboard/organizations', label: 'Organizations' },
  { to: '/dashboard/instances', label: 'Instances' },
  { to: '/dashboard/subscription', label: 'Subscription' },
  { to: '/dashboard/support', label: 'Support' },
];

export const USER_MENU_LINKS: NavLink[] = [
  { to: '/dashboard/profile', label: 'Profile' },
  { to: '/dashboard/security', label: 'Security' },
  { to: '/dashboard/notifications', label: 'Notifications' },
  { to: '/dashboard/activity-log', label: 'Activity Log' },
];

export const STAFF_LINK: NavLink = { to: '/dashboard/support/staff', label: 'Staff console' };

/** Staff only: the operator console (figures, customers, instances). */
export const OPERATOR_LINK: NavLink = { to: '/dashboard/staff', label: 'Operator console' };

export function isDashboardPath(pathname: string): boolean {
  return pathname === '/dashboard' || pathname.startsWith('/dashboard/');
}

/** The nav entry matching the current path: exact for '/' and '/dashboard', prefix otherwise. */
export function isActiveLink(link: NavLink, pathname: string): boolean {
  if (link.to === '/' || link.to === '/dashboard') return pathname === link.to;
  return pathname === link.to || pathname.startsWith(`${link.to}/`);
}

import type { OrganizationType } from '@scmp/db';
import type { OrganizationRole } from '../../contracts/roles';

/** An organization as the API shows it to one of its members. */
export type OrganizationOutput = {
  id: string;
  uuid: string;
  name: string;
  type: OrganizationType;
  description: string | null;
  subdomain: string | null;
  status: string;
  location_count: number;
  instance_count: number;
  /** The caller's role in this organization. */
  role: OrganizationRole;
  created_at: string;
};

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
  /** While `status` is `closing`: when it was closed and when its data is deleted (else null). */
  closing_at: string | null;
  purge_at: string | null;
  created_at: string;
};

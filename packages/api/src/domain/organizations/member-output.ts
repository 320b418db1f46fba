import type { OrganizationRole } from '../../contracts/roles';
import type { MemberOutput } from './member-schema';
import { toIso } from '../../core/iso-date';

export function memberOutputOf(r: {
  uuid: string;
  name: string;
  email: string;
  avatar_path: string | null;
  role: OrganizationRole;
  joined_at: Date;
}): MemberOutput {
  return {
    user: {
      uuid: r.uuid,
      name: r.name,
      email: r.email,
      avatar_url: r.avatar_path ? `/files/avatars/${r.avatar_path}` : null,
    },
    role: r.role,
    joined_at: toIso(r.joined_at) ?? '',
  };
}

import { Card, Skeleton } from '@mantine/core';
import { AvatarBlock, ProfileForm } from '../../../features/account';
import { useSession } from '../../../features/session';
import { DashboardPage } from '../../../lib/DashboardPage';
import { LazySection } from '../../../lib/LazySection';
import { usePageMeta } from '../../../lib/page-meta';
import { SectionCard } from '../../../lib/SectionCard';
import { lazyParts } from '../../../lib/lazy-parts';

// The cards under the profile form load after the page's first chunks (issue 36).
const { TwoFactorCard, ApiTokensCard, YourDataCard, DeleteAccountCard } = lazyParts({
  TwoFactorCard: () => import('../../../features/two-factor/TwoFactorCard'),
  ApiTokensCard: () => import('../../../features/api-tokens/ApiTokensCard'),
  YourDataCard: () => import('../../../features/privacy/YourDataCard'),
  DeleteAccountCard: () => import('../../../features/privacy/DeleteAccountCard'),
});

export default function ProfilePage() {
  usePageMeta('Profile', 'Your personal information and two-factor authentication.');
  const { user, refetchUser } = useSession();

  return (
    <DashboardPage title="Profile" description="Manage your personal information.">
      <Card withBorder radius="md" p="lg">
        {user ? <AvatarBlock user={user} onChanged={refetchUser} /> : <Skeleton height={96} />}
      </Card>
      <SectionCard title="Personal Information" titleId="personal-info">
        {user ? <ProfileForm user={user} onChanged={refetchUser} /> : <Skeleton height={240} />}
      </SectionCard>
      <LazySection height={240}>
        <TwoFactorCard />
        <ApiTokensCard />
        <YourDataCard />
        <DeleteAccountCard />
      </LazySection>
    </DashboardPage>
  );
}

import { ActionIcon, Avatar, Badge, Box, Button, Group, Stack, Text, Title } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconCamera } from '@tabler/icons-react';
import { useMutation } from '@tanstack/react-query';
import { useRef } from 'react';
import { useTRPC } from '../../lib/trpc';
import type { ProfileSectionProps } from './types';
import { uploadAvatar } from './avatar-upload';
import { notifyServerOutcome, useBusyTask } from '../../lib/notify';

/** Avatar with a working camera button (upload PNG/JPEG/WebP up to 2MB), name, e-mail and badge. */
export function AvatarBlock({ user, onChanged }: ProfileSectionProps) {
  const trpc = useTRPC();
  const input = useRef<HTMLInputElement>(null);
  const [uploading, runUpload] = useBusyTask();
  const remove = useMutation(
    trpc.profile.deleteAvatar.mutationOptions(
      notifyServerOutcome('Failed to update profile', onChanged),
    ),
  );

  const onFile = async (file: File | undefined) => {
    if (!file) return;
    if (file.size > 2 * 1024 * 1024) {
      notifications.show({ color: 'red', message: 'The avatar may not be larger than 2MB.' });
      return;
    }
    await runUpload(async () => {
      await uploadAvatar(file);
      notifications.show({ color: 'green', message: 'Profile photo updated.' });
      await onChanged();
    }, 'Failed to update profile');
    if (input.current) input.current.value = '';
  };

  const initials = user.name
    .split(/\s+/)
    .filter(Boolean)
    .slice(0, 2)
    .map((part) => part[0]!.toUpperCase())
    .join('');

  return (
    <Group gap="lg" align="center">
      <Box pos="relative">
        <Avatar
          src={user.avatar_url}
          alt={user.avatar_url ? `Profile photo of ${user.name}` : undefined}
          size={96}
          radius={96}
          color="blue"
        >
          {initials}
        </Avatar>
        <ActionIcon
          pos="absolute"
          bottom={0}
          right={0}
          radius="xl"
          size="lg"
          aria-label="Change profile photo"
          loading={uploading}
          onClick={() => input.current?.click()}
        >
          <IconCamera size={18} />
        </ActionIcon>
        <input
          ref={input}
          type="file"
          accept="image/png,image/jpeg,image/webp"
          hidden
          data-testid="avatar-input"
          onChange={(event) => void onFile(event.currentTarget.files?.[0])}
        />
      </Box>
      <Stack gap={4}>
        <Title order={2} size="h3">
          {user.name}
        </Title>
        <Text c="gray.7">{user.email}</Text>
        <Group gap="xs">
          <Badge color={user.email_verified_at ? 'green' : 'yellow'} variant="light" c="dark.7">
            {user.email_verified_at ? 'Verified Account' : 'Unverified Account'}
          </Badge>
          {user.avatar_url && (
            <Button
              size="compact-xs"
              variant="subtle"
              color="red.9"
              loading={remove.isPending}
              onClick={() => remove.mutate()}
            >
              Remove photo
            </Button>
          )}
        </Group>
      </Stack>
    </Group>
  );
}

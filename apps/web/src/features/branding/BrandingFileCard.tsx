import { Button, Card, Center, FileButton, Group, Image, Stack, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconPhoto, IconTrash, IconUpload } from '@tabler/icons-react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { BRANDING_TEXTS } from '@scmp/api/contracts/branding';
import { useState } from 'react';
import { errorMessage, useTRPC } from '../../lib/trpc';
import { uploadBrandingFile, type BrandingData, type BrandingFileKind } from './api';
import { confirmDanger } from '../../lib/confirm-danger';

const COPY: Record<
  BrandingFileKind,
  {
    title: string;
    hint: string;
    accept: string;
    confirm: string;
    deleteFailed: string;
    uploadFailed: string;
    uploaded: string;
    deleted: string;
  }
> = {
  logo: {
    title: 'Logo',
    hint: BRANDING_TEXTS.logoHint,
    accept: 'image/png,image/jpeg,image/svg+xml,.png,.jpg,.jpeg,.svg',
    confirm: BRANDING_TEXTS.confirmDeleteLogo,
    deleteFailed: BRANDING_TEXTS.deleteLogoFailed,
    uploadFailed: BRANDING_TEXTS.uploadLogoFailed,
    uploaded: BRANDING_TEXTS.logoUploaded,
    deleted: BRANDING_TEXTS.logoDeleted,
  },
  favicon: {
    title: 'Favicon',
    hint: BRANDING_TEXTS.faviconHint,
    accept: 'image/x-icon,image/vnd.microsoft.icon,image/png,.ico,.png',
    confirm: BRANDING_TEXTS.confirmDeleteFavicon,
    deleteFailed: BRANDING_TEXTS.deleteFaviconFailed,
    uploadFailed: BRANDING_TEXTS.uploadFaviconFailed,
    uploaded: BRANDING_TEXTS.faviconUploaded,
    deleted: BRANDING_TEXTS.faviconDeleted,
  },
};

/** Upload, preview and delete of the logo or the favicon (sent separately from the fields). */
export function BrandingFileCard({
  brandingId,
  kind,
  url,
}: {
  brandingId: string;
  kind: BrandingFileKind;
  url: string | null;
}) {
  const copy = COPY[kind];
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const [error, setError] = useState<string | null>(null);
  const queryKey = trpc.branding.getBranding.queryKey({ id: brandingId });

  const onData = (data: BrandingData) => {
    queryClient.setQueryData(queryKey, (old) => (old ? { ...old, data } : old));
    void queryClient.invalidateQueries({ queryKey });
  };

  const upload = useMutation({
    mutationFn: (file: File) => uploadBrandingFile(brandingId, kind, file, copy.uploadFailed),
    onSuccess: (data) => {
      setError(null);
      onData(data);
      notifications.show({ color: 'green', message: copy.uploaded });
    },
    onError: (err) => setError(err instanceof Error ? err.message : copy.uploadFailed),
  });

  const removeOptions =
    kind === 'logo'
      ? trpc.branding.deleteBrandingLogo.mutationOptions()
      : trpc.branding.deleteBrandingFavicon.mutationOptions();
  const remove = useMutation({
    ...(removeOptions as ReturnType<typeof trpc.branding.deleteBrandingLogo.mutationOptions>),
    onSuccess: (result) => {
      setError(null);
      onData(result.data);
      notifications.show({ color: 'green', message: copy.deleted });
    },
    onError: (err) => {
      const message = errorMessage(err, copy.deleteFailed);
      setError(message);
      notifications.show({ color: 'red', message });
    },
  });

  const confirmDelete = () =>
    confirmDanger({
      title: `Delete ${kind}`,
      message: copy.confirm,
      confirm: 'Delete',
      onConfirm: () => remove.mutate({ id: brandingId }),
    });

  return (
    <Card withBorder radius="md" padding="md" data-testid={`branding-${kind}-card`}>
      <Stack gap="sm">
        <Text fw={600}>{copy.title}</Text>
        <Center
          h={kind === 'logo' ? 120 : 80}
          bg="var(--mantine-color-default-hover)"
          style={{ borderRadius: 8 }}
        >
          {url ? (
            <Image
              src={url}
              alt={`Current ${kind}`}
              mah={kind === 'logo' ? 100 : 48}
              maw="90%"
              w="auto"
              fit="contain"
            />
          ) : (
            <Stack gap={4} align="center">
              <IconPhoto size={28} aria-hidden color="var(--mantine-color-dimmed)" />
              <Text size="sm" c="gray.7">
                No {kind} uploaded
              </Text>
            </Stack>
          )}
        </Center>
        <Text size="xs" c="gray.7">
          {copy.hint}
        </Text>
        {error ? (
          <Text size="sm" c="red" role="alert">
            {error}
          </Text>
        ) : null}
        <Group gap="xs">
          <FileButton
            accept={copy.accept}
            onChange={(file) => {
              if (file) upload.mutate(file);
            }}
            inputProps={{ 'aria-label': `${copy.title} file` }}
          >
            {(props) => (
              <Button
                {...props}
                size="xs"
                leftSection={<IconUpload size={14} />}
                loading={upload.isPending}
              >
                {url ? `Replace ${kind}` : `Upload ${kind}`}
              </Button>
            )}
          </FileButton>
          {url ? (
            <Button
              size="xs"
              variant="light"
              color="red"
              leftSection={<IconTrash size={14} />}
              loading={remove.isPending}
              onClick={confirmDelete}
            >
              Delete {kind}
            </Button>
          ) : null}
        </Group>
      </Stack>
    </Card>
  );
}

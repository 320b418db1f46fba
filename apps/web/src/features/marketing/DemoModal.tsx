import { Box, Button, Group, Stack, Text, ThemeIcon } from '@mantine/core';
import { IconPlayerPlayFilled } from '@tabler/icons-react';
import { PRODUCT } from '@scmp/api/contracts/product';
import { LazyModal } from '../../lib/LazyOverlay';

/** The "Watch Demo" dialog: a styled placeholder where the product film will sit (no embed). */
export function DemoModal({
  opened,
  onClose,
  title,
  description,
}: {
  opened: boolean;
  onClose: () => void;
  title: string;
  description: string;
}) {
  return (
    <LazyModal opened={opened} onClose={onClose} title={title} size="xl" centered radius="md">
      <Stack gap="md">
        <Box
          role="img"
          aria-label={`${title}: video placeholder`}
          data-testid="demo-placeholder"
          style={{
            aspectRatio: '16 / 9',
            borderRadius: 12,
            background:
              'radial-gradient(circle at 30% 30%, rgba(229,181,23,0.35), transparent 55%), linear-gradient(135deg, #0B173D, #1d3275)',
            display: 'flex',
            flexDirection: 'column',
            alignItems: 'center',
            justifyContent: 'center',
            gap: 16,
            color: '#fff',
            textAlign: 'center',
            padding: 24,
          }}
        >
          <ThemeIcon size={72} radius={72} color="#D1A103" aria-hidden>
            <IconPlayerPlayFilled size={34} color="#0B173D" />
          </ThemeIcon>
          <Text fw={700} fz="xl" c="white">
            Product walkthrough
          </Text>
          <Text c="#dfe4f2" maw={460}>
            {description}
          </Text>
        </Box>
        <Text fz="sm" c="dimmed">
          Prefer to see it live? We run 30-minute demos over Microsoft Teams or Google Meet,
          tailored to your setting, with time for your questions.
        </Text>
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>
            Close
          </Button>
          <Button
            component="a"
            href={`mailto:${PRODUCT.salesEmail}?subject=${encodeURIComponent('Book a live demo of SCMP')}`}
            color="#0B173D"
          >
            Book a live demo
          </Button>
        </Group>
      </Stack>
    </LazyModal>
  );
}

import { Badge, Button, Group, Stack, Switch, Text } from '@mantine/core';
import { useEffect, useState } from 'react';
import type { CookiePreferences } from './consent-storage';
import { LazyModal } from '../../lib/LazyOverlay';

type Optional = 'functional' | 'analytics' | 'marketing';

const CATEGORIES: Array<{ key: Optional; title: string; description: string }> = [
  {
    key: 'functional',
    title: 'Functional',
    description: 'Remember your choices, such as language and layout, for a more personal site.',
  },
  {
    key: 'analytics',
    title: 'Analytics',
    description: 'Count page views so we can understand how the site is used and improve it.',
  },
  {
    key: 'marketing',
    title: 'Marketing',
    description: 'Measure our campaigns and show you relevant information about our product.',
  },
];

type Props = {
  opened: boolean;
  initial: CookiePreferences;
  onCancel: () => void;
  onAcceptAll: () => void;
  onSave: (preferences: Omit<CookiePreferences, 'essential'>) => void;
};

/** The 'Cookie Preferences' dialog: one switch per category; Essential is always on. */
export function CookiePreferencesModal({ opened, initial, onCancel, onAcceptAll, onSave }: Props) {
  const [draft, setDraft] = useState<Record<Optional, boolean>>({
    functional: initial.functional,
    analytics: initial.analytics,
    marketing: initial.marketing,
  });
  useEffect(() => {
    if (opened) {
      setDraft({
        functional: initial.functional,
        analytics: initial.analytics,
        marketing: initial.marketing,
      });
    }
  }, [opened, initial]);

  return (
    <LazyModal opened={opened} onClose={onCancel} title="Cookie Preferences" size="lg" centered>
      <Stack gap="md">
        <Text size="sm" c="dimmed">
          Choose which cookies we may use. You can change your choice at any time from the Cookie
          Policy page.
        </Text>
        <Stack
          gap={4}
          p="sm"
          style={{ border: '1px solid var(--mantine-color-gray-3)', borderRadius: 8 }}
        >
          <Group justify="space-between" wrap="nowrap">
            <Group gap="xs">
              <Text fw={600}>Essential</Text>
              <Badge size="sm" variant="light" color="gray">
                Required
              </Badge>
            </Group>
            <Switch
              checked
              disabled
              readOnly
              label="Always Active"
              labelPosition="left"
              aria-label="Essential cookies: Always Active"
            />
          </Group>
          <Text size="sm" c="dimmed">
            Needed for signing in, security and remembering your cookie choice. They cannot be
            switched off.
          </Text>
        </Stack>
        {CATEGORIES.map((category) => (
          <Stack
            key={category.key}
            gap={4}
            p="sm"
            style={{ border: '1px solid var(--mantine-color-gray-3)', borderRadius: 8 }}
          >
            <Group justify="space-between" wrap="nowrap">
              <Text fw={600} id={`cookie-${category.key}-title`}>
                {category.title}
              </Text>
              <Switch
                checked={draft[category.key]}
                onChange={(event) => {
                  const checked = event.currentTarget.checked;
                  setDraft((d) => ({ ...d, [category.key]: checked }));
                }}
                label={draft[category.key] ? 'Enabled' : 'Disabled'}
                labelPosition="left"
                aria-label={`${category.title} cookies`}
              />
            </Group>
            <Text size="sm" c="dimmed">
              {category.description}
            </Text>
          </Stack>
        ))}
        <Group justify="flex-end" gap="sm" mt="sm">
          <Button variant="default" onClick={onCancel}>
            Cancel
          </Button>
          <Button variant="light" onClick={onAcceptAll}>
            Accept All
          </Button>
          <Button onClick={() => onSave(draft)}>Save Preferences</Button>
        </Group>
      </Stack>
    </LazyModal>
  );
}

import { TextFields } from '../../lib/TextFields';
import { FormTextarea } from './FormTextarea';
import {
  ActionIcon,
  Box,
  Button,
  Group,
  Image,
  Paper,
  SimpleGrid,
  Stack,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import type { UseFormReturnType } from '@mantine/form';
import { IconPlus, IconTrash } from '@tabler/icons-react';
import { DEFAULT_BRANDING, FOOTER_DEFAULTS } from '@scmp/api/contracts/branding-defaults';
import {
  FRONT_PAGE_LABELS,
  FRONT_PAGE_MAX_LINKS,
  FRONT_PAGE_TEXTS,
  defaultWelcomeText,
  textOn,
} from '@scmp/api/contracts/front-page';
import { HEX_COLOR } from '@scmp/api/contracts/branding';
import type { BrandingFormValues } from './form-values';

const colorOr = (value: string, fallback: string) =>
  HEX_COLOR.test(value.trim()) ? value.trim() : fallback;

/** The front page fields of an instance's branding: headline, welcome, links, contact, title. */
export function FrontPageFields({
  form,
  schoolName,
}: {
  form: UseFormReturnType<BrandingFormValues>;
  schoolName: string;
}) {
  const links = form.getValues().front_page.links;
  return (
    <Stack gap="md">
      <SimpleGrid cols={{ base: 1, sm: 2 }}>
        <TextInput
          key={form.key('front_page.headline')}
          label={FRONT_PAGE_LABELS.headline}
          placeholder={schoolName}
          {...form.getInputProps('front_page.headline')}
        />
        <TextInput
          key={form.key('front_page.page_title')}
          label={FRONT_PAGE_LABELS.page_title}
          description="Shown in the browser tab"
          placeholder={schoolName}
          {...form.getInputProps('front_page.page_title')}
        />
      </SimpleGrid>
      <FormTextarea
        form={form}
        name="front_page.welcome_text"
        label={FRONT_PAGE_LABELS.welcome_text}
        placeholder={defaultWelcomeText(schoolName)}
        minRows={3}
      />
      <div>
        <Title order={3} size="h5" mb={4}>
          Links
        </Title>
        <Text size="sm" c="gray.7" mb="sm">
          Up to {FRONT_PAGE_MAX_LINKS} buttons, each a label and a full https:// address.
        </Text>
        <Stack gap="sm">
          {links.map((_, index) => (
            <Group key={form.key(`front_page.links.${index}`)} align="flex-start" wrap="nowrap">
              <SimpleGrid cols={{ base: 1, sm: 2 }} style={{ flex: 1 }}>
                <TextInput
                  label={`${FRONT_PAGE_LABELS.link_label} ${index + 1}`}
                  placeholder="Parent sign-in"
                  {...form.getInputProps(`front_page.links.${index}.label`)}
                />
                <TextInput
                  label={`${FRONT_PAGE_LABELS.link_url} ${index + 1}`}
                  placeholder="https://"
                  type="url"
                  {...form.getInputProps(`front_page.links.${index}.url`)}
                />
              </SimpleGrid>
              <ActionIcon
                variant="subtle"
                color="red"
                mt={26}
                size="lg"
                aria-label={`${FRONT_PAGE_TEXTS.removeLink} ${index + 1}`}
                onClick={() => form.removeListItem('front_page.links', index)}
              >
                <IconTrash size={18} aria-hidden />
              </ActionIcon>
            </Group>
          ))}
          {links.length < FRONT_PAGE_MAX_LINKS ? (
            <Button
              variant="light"
              leftSection={<IconPlus size={16} aria-hidden />}
              w="fit-content"
              onClick={() => form.insertListItem('front_page.links', { label: '', url: '' })}
            >
              {FRONT_PAGE_TEXTS.addLink}
            </Button>
          ) : null}
          {typeof form.errors['front_page.links'] === 'string' ? (
            <Text size="sm" c="red" role="alert">
              {form.errors['front_page.links']}
            </Text>
          ) : null}
        </Stack>
      </div>
      <Title order={3} size="h5">
        {FRONT_PAGE_TEXTS.contactHeading}
      </Title>
      <SimpleGrid cols={{ base: 1, sm: 2 }}>
        <TextFields
          form={form}
          fields={[
            {
              name: 'front_page.contact_email',
              label: FRONT_PAGE_LABELS.contact_email,
              type: 'email',
            },
            {
              name: 'front_page.contact_phone',
              label: FRONT_PAGE_LABELS.contact_phone,
              type: 'tel',
            },
          ]}
        />
      </SimpleGrid>
      <FormTextarea
        form={form}
        name="front_page.contact_address"
        label={FRONT_PAGE_LABELS.contact_address}
        minRows={2}
      />
    </Stack>
  );
}

/** A small picture of the portal's front page as the form now stands. */
export function FrontPagePreview({
  values,
  schoolName,
  logoUrl,
}: {
  values: BrandingFormValues;
  schoolName: string;
  logoUrl: string | null;
}) {
  const f = values.front_page;
  const primary = colorOr(values.primary_color, DEFAULT_BRANDING.primary_color);
  const secondary = colorOr(values.secondary_color, DEFAULT_BRANDING.secondary_color);
  const header = colorOr(values.nav_background_color, secondary);
  const links = f.links.filter((l) => l.label.trim() !== '');
  const contact = [f.contact_email, f.contact_phone, f.contact_address]
    .map((v) => v.trim())
    .filter(Boolean);
  return (
    <Paper withBorder radius="md" style={{ overflow: 'hidden' }} data-testid="front-page-preview">
      <Group px="md" py="sm" gap="sm" style={{ background: header, color: textOn(header) }}>
        {logoUrl ? <Image src={logoUrl} alt="" h={28} w="auto" fit="contain" /> : null}
        <Text fw={700} c="inherit">
          {schoolName}
        </Text>
      </Group>
      <Box px="md" py="lg" style={{ background: primary, color: textOn(primary) }}>
        <Text fw={700} size="xl" c="inherit" data-testid="front-page-preview-headline">
          {f.headline.trim() || schoolName}
        </Text>
        <Text c="inherit" style={{ whiteSpace: 'pre-line' }}>
          {f.welcome_text.trim() || defaultWelcomeText(schoolName)}
        </Text>
      </Box>
      {links.length || contact.length ? (
        <SimpleGrid cols={{ base: 1, sm: 2 }} p="md" bg="gray.0">
          <Stack gap={6}>
            {links.map((l, i) => (
              <Box
                key={i}
                px="sm"
                py={6}
                ta="center"
                fw={600}
                fz="sm"
                style={{ background: secondary, color: textOn(secondary), borderRadius: 6 }}
              >
                {l.label}
              </Box>
            ))}
          </Stack>
          <Stack gap={2}>
            {contact.map((line, i) => (
              <Text key={i} size="sm" style={{ whiteSpace: 'pre-line' }}>
                {line}
              </Text>
            ))}
          </Stack>
        </SimpleGrid>
      ) : null}
      <Box
        px="md"
        py={6}
        style={{ background: FOOTER_DEFAULTS.background, color: FOOTER_DEFAULTS.text }}
      >
        <Text size="xs" c="inherit">
          {FRONT_PAGE_TEXTS.poweredBy}
        </Text>
      </Box>
    </Paper>
  );
}

import { TextFields } from '../../lib/TextFields';
import { FormTextarea } from './FormTextarea';
import { Alert, Button, Group, SimpleGrid, Skeleton, Stack, Text, Title } from '@mantine/core';
import { useForm } from '@mantine/form';
import { notifications } from '@mantine/notifications';
import { IconAlertTriangle, IconCheck, IconDeviceFloppy } from '@tabler/icons-react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import {
  BRANDING_FIELD_LABELS,
  BRANDING_TEXTS,
  contrastRatio,
  type BrandingColorField,
} from '@scmp/api/contracts/branding';
import { DEFAULT_BRANDING } from '@scmp/api/contracts/branding-defaults';
import { FRONT_PAGE_TEXTS } from '@scmp/api/contracts/front-page';
import { Suspense, useEffect, useRef, useState, type FormEvent } from 'react';
import { LazyColorInput } from '../../lib/LazyColorInput';
import { errorEnvelopeOf, errorMessage, useTRPC } from '../../lib/trpc';
import type { BrandingData } from './api';
import { BrandingFileCard } from './BrandingFileCard';
import { Section } from './BrandingSection';
import { BrandPreview } from './BrandPreview';
import { ContentCustomizationSection } from './ContentCustomizationSection';
import {
  formValuesOf,
  mergeAfterSave,
  payloadOf,
  loadBrandingRules,
  validateBrandingForm,
  type BrandingFormValues,
} from './form-values';
import { keepEnterLocal } from './keep-enter-local';
import { UnsavedChangesPrompt } from './useUnsavedChangesPrompt';
import { lazyNamed } from '../../lib/lazy-named';
// The Front page section is an instance's only: its code loads when an instance is edited.
const FrontPageFields = lazyNamed(() => import('./FrontPageSection'), 'FrontPageFields');
const FrontPagePreview = lazyNamed(() => import('./FrontPageSection'), 'FrontPagePreview');

const BRAND_COLORS: BrandingColorField[] = ['primary_color', 'secondary_color', 'accent_color'];
const NAV_COLORS: BrandingColorField[] = [
  'nav_text_color',
  'nav_text_hover_color',
  'nav_background_color',
];

/**
 * The branding form: five sections (six for an instance, with its portal's front page), live
 * previews, save with the server's verdict inline.
 */
export function BrandingEditor({
  branding,
  organizationName,
}: {
  branding: BrandingData;
  organizationName?: string;
}) {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const [saveError, setSaveError] = useState<string | null>(null);
  const [cssAccepted, setCssAccepted] = useState(false);
  const isInstance = branding.type === 'instance';
  const form = useForm<BrandingFormValues>({
    initialValues: formValuesOf(branding),
    validate: validateBrandingForm,
  });
  /** The values the running save sent: edits made since are kept when it answers. */
  const sent = useRef<BrandingFormValues | null>(null);

  const save = useMutation(
    trpc.branding.updateBranding.mutationOptions({
      onSuccess: (result) => {
        const saved = formValuesOf(result.data);
        const values = sent.current ? mergeAfterSave(saved, sent.current, form.getValues()) : saved;
        sent.current = null;
        form.setInitialValues(saved);
        form.setValues(values);
        form.resetDirty(saved);
        setSaveError(null);
        setCssAccepted(saved.custom_css.trim() !== '');
        queryClient.setQueryData(trpc.branding.getBranding.queryKey({ id: branding.id }), (old) =>
          old ? { ...old, data: result.data } : old,
        );
        notifications.show({ color: 'green', message: result.message ?? BRANDING_TEXTS.saved });
      },
      onError: (error) => {
        sent.current = null;
        const envelope = errorEnvelopeOf(error);
        if (envelope?.errors) {
          const fieldErrors: Record<string, string> = {};
          for (const [field, messages] of Object.entries(envelope.errors)) {
            if (messages[0]) fieldErrors[field] = messages[0];
          }
          form.setErrors(fieldErrors);
        }
        setCssAccepted(false);
        const message = errorMessage(error, BRANDING_TEXTS.saveFailed);
        setSaveError(message);
        notifications.show({ color: 'red', message });
      },
    }),
  );

  const validatedSubmit = form.onSubmit((values) => {
    setSaveError(null);
    sent.current = values;
    save.mutate({ id: branding.id, ...payloadOf(values, isInstance) });
  });
  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    void loadBrandingRules().then(() => validatedSubmit());
  };

  const values = form.getValues();
  // The name the portal shows: the company name typed here, else the one inherited, else the
  // organization's.
  const inheritedName =
    branding.company_name === null &&
    branding.resolved.company_name !== DEFAULT_BRANDING.company_name
      ? branding.resolved.company_name
      : (organizationName ?? branding.name);
  const schoolName = values.company_name.trim() || inheritedName;
  const ratio = contrastRatio(values.nav_text_color.trim(), values.nav_background_color.trim());
  const lowContrast = ratio !== null && ratio < 4.5;
  const dirty = form.isDirty();
  useEffect(() => {
    if (dirty) void loadBrandingRules();
  }, [dirty]);

  const colorInput = (field: BrandingColorField) => (
    <LazyColorInput
      key={form.key(field)}
      label={BRANDING_FIELD_LABELS[field]}
      format="hex"
      withEyeDropper={false}
      {...form.getInputProps(field)}
    />
  );

  return (
    <form onSubmit={submit} onKeyDown={keepEnterLocal} noValidate>
      <UnsavedChangesPrompt
        when={dirty && !save.isPending}
        message={BRANDING_TEXTS.unsavedChanges}
      />
      <Stack gap="lg">
        <Section title="Company Information" description="How your organisation is named.">
          <SimpleGrid cols={{ base: 1, sm: 2 }}>
            <TextFields
              form={form}
              fields={[
                {
                  name: 'company_name',
                  label: BRANDING_FIELD_LABELS.company_name,
                  placeholder: 'Your company name',
                },
                {
                  name: 'tagline',
                  label: BRANDING_FIELD_LABELS.tagline,
                  placeholder: 'A short tagline',
                },
              ]}
            />
          </SimpleGrid>
        </Section>

        <Section title="Logos & Images" description="Uploaded files are saved at once.">
          <SimpleGrid cols={{ base: 1, sm: 2 }}>
            <BrandingFileCard brandingId={branding.id} kind="logo" url={branding.logo_url} />
            <BrandingFileCard brandingId={branding.id} kind="favicon" url={branding.favicon_url} />
          </SimpleGrid>
        </Section>

        <Section
          title="Color Scheme"
          description="Brand and navigation colours, with a live preview."
        >
          <Title order={3} size="h5">
            Brand colors
          </Title>
          <SimpleGrid cols={{ base: 1, sm: 3 }}>{BRAND_COLORS.map(colorInput)}</SimpleGrid>
          <Title order={3} size="h5">
            Navigation colors
          </Title>
          <SimpleGrid cols={{ base: 1, sm: 3 }}>{NAV_COLORS.map(colorInput)}</SimpleGrid>
          {lowContrast ? (
            <Alert
              color="yellow"
              icon={<IconAlertTriangle size={18} />}
              title="Low contrast"
              data-testid="contrast-warning"
            >
              {BRANDING_TEXTS.contrastWarning} (Currently {ratio.toFixed(2)}:1.)
            </Alert>
          ) : null}
          <Title order={3} size="h5">
            Live preview
          </Title>
          <BrandPreview values={values} logoUrl={branding.logo_url} />
        </Section>

        <ContentCustomizationSection form={form} values={values} />

        <Section
          title="Advanced Styling"
          description="Custom CSS applied only on your own pages (up to 50 KB). @import, external url(), expression(), behavior and -moz-binding are not allowed."
        >
          <FormTextarea
            form={form}
            name="custom_css"
            label={BRANDING_FIELD_LABELS.custom_css}
            placeholder=".hero { border-radius: 12px; }"
            minRows={6}
            maxRows={20}
            styles={{ input: { fontFamily: 'var(--mantine-font-family-monospace)' } }}
          />
          {cssAccepted && !form.errors.custom_css ? (
            <Text size="sm" c="green" data-testid="css-verdict">
              <IconCheck size={14} aria-hidden /> The server accepted this CSS.
            </Text>
          ) : null}
        </Section>

        {isInstance ? (
          <Section title={FRONT_PAGE_TEXTS.section} description={FRONT_PAGE_TEXTS.sectionHint}>
            <Suspense fallback={<Skeleton h={240} />}>
              <FrontPageFields form={form} schoolName={schoolName} />
              <Title order={3} size="h5">
                Front page preview
              </Title>
              <FrontPagePreview
                values={values}
                schoolName={schoolName}
                logoUrl={branding.resolved.logo_url || null}
              />
            </Suspense>
          </Section>
        ) : null}

        {saveError ? (
          <Alert color="red" role="alert" title={BRANDING_TEXTS.saveFailed}>
            {saveError}
          </Alert>
        ) : null}
        <Group justify="flex-end">
          {dirty ? (
            <Text size="sm" c="gray.7">
              You have unsaved changes.
            </Text>
          ) : null}
          <Button
            type="submit"
            leftSection={<IconDeviceFloppy size={16} />}
            loading={save.isPending}
          >
            {save.isPending ? 'Saving...' : 'Save Branding'}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

import { SimpleGrid, Textarea, Title } from '@mantine/core';
import type { UseFormReturnType } from '@mantine/form';
import { BRANDING_FIELD_LABELS } from '@scmp/api/contracts/branding';
import { Section } from './BrandingSection';
import { EmailPreview } from './EmailPreview';
import type { BrandingFormValues } from './form-values';

/** Footer text and the e-mail header and footer, with the e-mail preview. */
export function ContentCustomizationSection({
  form,
  values,
}: {
  form: UseFormReturnType<BrandingFormValues>;
  values: BrandingFormValues;
}) {
  return (
    <Section
      title="Content Customization"
      description="Footer text and the header and footer of e-mails sent on your behalf (limited HTML)."
    >
      <Textarea
        key={form.key('footer_text')}
        label={BRANDING_FIELD_LABELS.footer_text}
        autosize
        minRows={2}
        {...form.getInputProps('footer_text')}
      />
      <SimpleGrid cols={{ base: 1, md: 2 }}>
        {(['email_template_header', 'email_template_footer'] as const).map((field) => (
          <Textarea
            key={form.key(field)}
            label={BRANDING_FIELD_LABELS[field]}
            description="HTML: paragraphs, links, images, tables and inline styles."
            autosize
            minRows={4}
            styles={{
              input: { fontFamily: 'var(--mantine-font-family-monospace)' },
              description: { color: 'var(--mantine-color-gray-7)' },
            }}
            {...form.getInputProps(field)}
          />
        ))}
      </SimpleGrid>
      <Title order={3} size="h5">
        E-mail preview
      </Title>
      <EmailPreview
        header={values.email_template_header}
        footer={values.email_template_footer}
        companyName={values.company_name}
        primaryColor={values.primary_color}
      />
    </Section>
  );
}

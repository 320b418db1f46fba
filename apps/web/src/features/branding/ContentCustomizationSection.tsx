import { SimpleGrid, Title } from '@mantine/core';
import { FormTextarea } from './FormTextarea';
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
      <FormTextarea
        form={form}
        name="footer_text"
        label={BRANDING_FIELD_LABELS.footer_text}
        minRows={2}
      />
      <SimpleGrid cols={{ base: 1, md: 2 }}>
        {(['email_template_header', 'email_template_footer'] as const).map((field) => (
          <FormTextarea
            key={field}
            form={form}
            name={field}
            label={BRANDING_FIELD_LABELS[field]}
            description="HTML: paragraphs, links, images, tables and inline styles."
            minRows={4}
            styles={{
              input: { fontFamily: 'var(--mantine-font-family-monospace)' },
              description: { color: 'var(--mantine-color-gray-7)' },
            }}
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

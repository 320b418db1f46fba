import { Button, FileInput, Group, Stack, Textarea, TextInput } from '@mantine/core';
import { DeferredSelect } from '../../lib/DeferredSelect';
import { useForm } from '@mantine/form';
import { IconPaperclip } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import {
  MAX_TICKET_ATTACHMENT_BYTES,
  MAX_TICKET_ATTACHMENTS,
  SUPPORT_TEXTS,
} from '@scmp/api/contracts/support';
import { useRef, useState } from 'react';
import { useTRPC } from '../../lib/trpc';
import { submitTicket, UploadError, type TicketDetail } from './api';
import { LazyModal } from '../../lib/LazyOverlay';
import { TICKET_CATEGORY_OPTIONS, TICKET_PRIORITY_OPTIONS } from './badges';
import { FormError } from '../../lib/form-errors';

type FormValues = {
  organization_uuid: string;
  category: string;
  subject: string;
  description: string;
  priority: string;
  attachments: File[];
};

const ACCEPT =
  'image/png,image/jpeg,image/gif,image/webp,application/pdf,text/plain,text/csv,.txt,.csv,.doc,.docx,.xls,.xlsx,.pptx,.odt,.ods';

export function NewTicketModal({
  opened,
  onClose,
  onCreated,
}: {
  opened: boolean;
  onClose: () => void;
  onCreated: (ticket: TicketDetail) => void;
}) {
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const trpc = useTRPC();
  // A ticket names the organization it is about: required when the user belongs to any.
  const organizations = useQuery(trpc.organizations.list.queryOptions({}));
  const orgs = organizations.data?.data ?? [];
  // With exactly one organization it is chosen already.
  const onlyOrg = orgs.length === 1 ? orgs[0]!.uuid : '';
  const orgCount = useRef(0);
  orgCount.current = orgs.length;
  const onlyOrgRef = useRef('');
  onlyOrgRef.current = onlyOrg;
  const form = useForm<FormValues>({
    mode: 'controlled',
    initialValues: {
      organization_uuid: '',
      category: '',
      subject: '',
      description: '',
      priority: 'medium',
      attachments: [],
    },
    validate: {
      organization_uuid: (value) =>
        value || onlyOrgRef.current || orgCount.current === 0
          ? null
          : SUPPORT_TEXTS.organizationRequired,
      category: (value) => (value ? null : SUPPORT_TEXTS.categoryRequired),
      subject: (value) => (value.trim() ? null : SUPPORT_TEXTS.subjectRequired),
      description: (value) => (value.trim() ? null : SUPPORT_TEXTS.descriptionRequired),
      attachments: (files) => {
        if (files.length > MAX_TICKET_ATTACHMENTS) return SUPPORT_TEXTS.tooManyFiles;
        const big = files.find((file) => file.size > MAX_TICKET_ATTACHMENT_BYTES);
        return big ? `"${big.name}" is larger than 10MB. ${SUPPORT_TEXTS.fileTooLarge}` : null;
      },
    },
  });

  const close = () => {
    if (busy) return;
    setError(null);
    onClose();
  };

  const handleSubmit = form.onSubmit(async (values) => {
    setBusy(true);
    setError(null);
    try {
      const ticket = await submitTicket(
        {
          ...values,
          organization_uuid: values.organization_uuid || onlyOrg || null,
          subject: values.subject.trim(),
          description: values.description.trim(),
        },
        SUPPORT_TEXTS.createTicketFailed,
      );
      form.reset();
      onCreated(ticket);
    } catch (err) {
      const envelope = err instanceof UploadError ? err.envelope : null;
      if (envelope?.errors) {
        const fieldErrors: Record<string, string> = {};
        for (const [field, messages] of Object.entries(envelope.errors)) {
          if (messages[0]) fieldErrors[field] = messages[0];
        }
        form.setErrors(fieldErrors);
      }
      setError(err instanceof Error ? err.message : SUPPORT_TEXTS.createTicketFailed);
    } finally {
      setBusy(false);
    }
  });

  return (
    <LazyModal opened={opened} onClose={close} title="Submit New Ticket" size="lg">
      <form onSubmit={handleSubmit} noValidate>
        <Stack gap="md">
          <FormError message={error} />
          {orgs.length > 0 ? (
            <DeferredSelect
              label="Organization"
              placeholder="Select an organization"
              description="The organization this ticket is about."
              withAsterisk
              allowDeselect={false}
              data={orgs.map((o) => ({ value: o.uuid, label: o.name }))}
              {...form.getInputProps('organization_uuid')}
              value={form.values.organization_uuid || onlyOrg || null}
            />
          ) : null}
          <DeferredSelect
            label="Category"
            placeholder="Select a category"
            withAsterisk
            data={TICKET_CATEGORY_OPTIONS}
            {...form.getInputProps('category')}
          />
          <TextInput
            label="Subject"
            placeholder="Brief description of your issue"
            withAsterisk
            maxLength={255}
            {...form.getInputProps('subject')}
          />
          <Textarea
            label="Description"
            placeholder="Please describe your issue in detail"
            withAsterisk
            autosize
            minRows={4}
            maxRows={12}
            {...form.getInputProps('description')}
          />
          <DeferredSelect
            label="Priority"
            allowDeselect={false}
            data={TICKET_PRIORITY_OPTIONS}
            {...form.getInputProps('priority')}
          />
          <FileInput
            label="Attachments"
            description={SUPPORT_TEXTS.attachmentsHint}
            placeholder="Choose files"
            multiple
            clearable
            accept={ACCEPT}
            leftSection={<IconPaperclip size={16} aria-hidden />}
            {...form.getInputProps('attachments')}
          />
          <Group justify="flex-end">
            <Button variant="default" onClick={close} disabled={busy}>
              Cancel
            </Button>
            <Button type="submit" disabled={busy}>
              {busy ? 'Submitting...' : 'Submit Ticket'}
            </Button>
          </Group>
        </Stack>
      </form>
    </LazyModal>
  );
}

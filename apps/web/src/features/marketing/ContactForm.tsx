import { Alert, Button, Group, SimpleGrid, Stack, TextInput, Textarea } from '@mantine/core';
import { DeferredSelect } from '../../lib/DeferredSelect';
import { useForm } from '@mantine/form';
import { IconCircleCheck } from '@tabler/icons-react';
import { useMutation } from '@tanstack/react-query';
import { useState } from 'react';
import { errorEnvelopeOf, errorMessage, useTRPC } from '../../lib/trpc';
import { CONTACT_TOPIC_OPTIONS, type ContactTopicValue } from './contact-topics';

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
const PHONE = /^\+?[0-9 ()-]{7,20}$/;

type Values = {
  name: string;
  email: string;
  organisation: string;
  phone: string;
  topic: string;
  message: string;
};

const initialValues: Values = {
  name: '',
  email: '',
  organisation: '',
  phone: '',
  topic: '',
  message: '',
};

/** The /contact form: publicSite.contact → an e-mail to the sales inbox. */
export function ContactForm() {
  const trpc = useTRPC();
  const [sent, setSent] = useState<string | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const form = useForm<Values>({
    mode: 'controlled',
    initialValues,
    validate: {
      name: (v) => (v.trim() ? null : 'Please enter your name'),
      email: (v) =>
        !v.trim()
          ? 'Please enter your email address'
          : EMAIL.test(v.trim())
            ? null
            : 'Please enter a valid email address',
      organisation: (v) => (v.trim() ? null : 'Please enter your school, nursery or organisation'),
      phone: (v) =>
        !v.trim() || PHONE.test(v.trim()) ? null : 'Please enter a valid phone number',
      topic: (v) => (v ? null : 'Please choose what your message is about'),
      message: (v) =>
        !v.trim()
          ? 'Please enter a message'
          : v.trim().length < 10
            ? 'Message must be at least 10 characters'
            : v.trim().length > 5000
              ? 'Message must be 5000 characters or fewer'
              : null,
    },
  });

  const mutation = useMutation(
    trpc.publicSite.contact.mutationOptions({
      onSuccess: (result) => {
        setFailure(null);
        setSent(result.message ?? 'Thank you for getting in touch.');
        form.reset();
      },
      onError: (error) => {
        const fieldErrors = errorEnvelopeOf(error)?.errors;
        if (fieldErrors) {
          form.setErrors(
            Object.fromEntries(Object.entries(fieldErrors).map(([k, texts]) => [k, texts[0]])),
          );
        }
        setFailure(errorMessage(error, 'Your message could not be sent. Please try again.'));
      },
    }),
  );

  if (sent) {
    return (
      <Alert
        color="green.9"
        variant="light"
        radius="md"
        title="Message sent"
        icon={<IconCircleCheck size={20} aria-hidden />}
        role="status"
      >
        {sent} We have also sent a copy to your inbox.
        <Group mt="md">
          <Button variant="default" size="xs" onClick={() => setSent(null)}>
            Send another message
          </Button>
        </Group>
      </Alert>
    );
  }

  return (
    <form
      noValidate
      onSubmit={form.onSubmit((values) => {
        setFailure(null);
        mutation.mutate({
          name: values.name.trim(),
          email: values.email.trim(),
          organisation: values.organisation.trim(),
          phone: values.phone.trim() || undefined,
          topic: values.topic as ContactTopicValue,
          message: values.message.trim(),
        });
      })}
    >
      <Stack gap="md">
        {failure && (
          <Alert color="red.9" variant="light" role="alert">
            {failure}
          </Alert>
        )}
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
          <TextInput
            label="Your name"
            autoComplete="name"
            withAsterisk
            {...form.getInputProps('name')}
          />
          <TextInput
            label="Email address"
            type="email"
            autoComplete="email"
            withAsterisk
            {...form.getInputProps('email')}
          />
          <TextInput
            label="School, nursery or organisation"
            autoComplete="organization"
            withAsterisk
            {...form.getInputProps('organisation')}
          />
          <TextInput
            label="Phone (optional)"
            type="tel"
            autoComplete="tel"
            {...form.getInputProps('phone')}
          />
        </SimpleGrid>
        <DeferredSelect
          label="What is your message about?"
          placeholder="Choose a topic"
          data={CONTACT_TOPIC_OPTIONS.map((o) => ({ value: o.value, label: o.label }))}
          withAsterisk
          allowDeselect={false}
          comboboxProps={{ withinPortal: true }}
          {...form.getInputProps('topic')}
        />
        <Textarea
          label="Message"
          description="Tell us about your setting: number of sites, pupils or campers, and what you use today."
          minRows={5}
          autosize
          withAsterisk
          {...form.getInputProps('message')}
        />
        <Group justify="flex-end">
          <Button type="submit" size="md" color="#0B173D" loading={mutation.isPending}>
            {mutation.isPending ? 'Sending...' : 'Send message'}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

import { Button, Group, Textarea } from '@mantine/core';
import { useState } from 'react';

/** A reply box whose Send button is blocked while the text is blank. */
export function ReplyBox({
  onSend,
  busy,
  disabled,
  disabledReason,
  label = 'Your reply',
}: {
  onSend: (message: string) => Promise<unknown>;
  busy: boolean;
  disabled?: boolean;
  disabledReason?: string;
  label?: string;
}) {
  const [message, setMessage] = useState('');
  const blank = message.trim().length === 0;
  return (
    <form
      onSubmit={(event) => {
        event.preventDefault();
        if (blank || busy || disabled) return;
        onSend(message.trim()).then(
          () => setMessage(''),
          () => undefined,
        );
      }}
    >
      <Textarea
        label={label}
        placeholder={disabled ? disabledReason : 'Type your message…'}
        description={disabled ? disabledReason : undefined}
        autosize
        minRows={3}
        maxRows={8}
        value={message}
        disabled={disabled}
        onChange={(event) => setMessage(event.currentTarget.value)}
      />
      <Group justify="flex-end" mt="xs">
        <Button type="submit" disabled={blank || disabled || busy}>
          {busy ? 'Sending...' : 'Send Message'}
        </Button>
      </Group>
    </form>
  );
}

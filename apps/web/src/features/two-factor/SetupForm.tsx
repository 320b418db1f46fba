import { Box, Button, Code, Group, Image, Stack, Text, TextInput } from '@mantine/core';
import { TEXTS } from './texts';

/** Setting up: the QR code and secret for the authenticator app, then its first 6-digit code. */
export function SetupForm({
  secret,
  qrSvg,
  code,
  setCode,
  onConfirm,
  onCancel,
  pending,
}: {
  secret: string;
  qrSvg: string;
  code: string;
  setCode: (code: string) => void;
  onConfirm: () => void;
  onCancel: () => void;
  pending: boolean;
}) {
  return (
    <form
      onSubmit={(event) => {
        event.preventDefault();
        if (code.length === 6) onConfirm();
      }}
    >
      <Stack>
        <Text size="sm">{TEXTS.scan}</Text>
        <Box bg="white" p="xs" w={212} style={{ borderRadius: 8 }}>
          <Image
            src={`data:image/svg+xml;utf8,${encodeURIComponent(qrSvg)}`}
            alt="QR code for your authenticator app"
            w={192}
            h={192}
          />
        </Box>
        <div>
          <Text size="sm">Or enter this code manually:</Text>
          <Code fz="sm" data-testid="two-factor-secret" style={{ wordBreak: 'break-all' }}>
            {secret}
          </Code>
        </div>
        <TextInput
          label="Verification Code"
          description="Enter the 6-digit code from your authenticator app."
          styles={{ description: { color: 'var(--mantine-color-gray-7)' } }}
          placeholder="000000"
          inputMode="numeric"
          autoComplete="one-time-code"
          maxLength={6}
          value={code}
          onChange={(event) => setCode(event.currentTarget.value.replace(/\D/g, '').slice(0, 6))}
          w={220}
        />
        <Group>
          <Button variant="default" onClick={onCancel} disabled={pending}>
            Cancel
          </Button>
          <Button type="submit" disabled={code.length !== 6 || pending}>
            {pending ? 'Verifying...' : 'Verify & Enable'}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

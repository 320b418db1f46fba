import { Code } from '@mantine/core';
import { OneTimeSecret } from '../../lib/OneTimeSecret';

/** The new webhook's signing secret, shown this once, with a copy button and a warning. */
export function NewSecretNotice({ secret, onDone }: { secret: string; onDone: () => void }) {
  return (
    <OneTimeSecret
      value={secret}
      title="Copy the signing secret now"
      copyLabel="Copy secret"
      testId="new-webhook-secret"
      onDone={onDone}
      hint={
        <>
          Verify with <Code>HMAC-SHA256(base64-decoded key, id.timestamp.body)</Code>; see the API
          guide for a five-line example.
        </>
      }
    >
      Your receiver uses it to check that each request really comes from SCMP (the webhook-signature
      header, as the Standard Webhooks specification describes).
    </OneTimeSecret>
  );
}

import { Code } from '@mantine/core';
import { OneTimeSecret } from '../../lib/OneTimeSecret';

/** The new token, shown this once, with a copy button and a warning. */
export function NewTokenNotice({ token, onDone }: { token: string; onDone: () => void }) {
  return (
    <OneTimeSecret
      value={token}
      title="Copy your token now"
      copyLabel="Copy token"
      testId="new-api-token"
      onDone={onDone}
      hint={
        <>
          Use it as <Code>Authorization: Bearer {token.slice(0, 17)}…</Code>
        </>
      }
    >
      Store it in your integration&apos;s secret settings; anyone holding it can act with its
      scopes.
    </OneTimeSecret>
  );
}

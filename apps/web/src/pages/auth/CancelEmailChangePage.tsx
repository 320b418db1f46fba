import { Button, Text } from '@mantine/core';
import { useMutation } from '@tanstack/react-query';
import { Link } from 'react-router';
import { MailedLinkAction, useLinkToken } from '../../features/auth';
import { useTRPC } from '../../lib/trpc';
import { PendingButton } from '../../lib/PendingButton';

/**
 * /cancel-email-change?token=… — the link of the notice sent to the current address when a
 * change is requested. No sign-in needed; a button (not the page load) cancels, so a mail
 * scanner opening the link changes nothing.
 */
export default function CancelEmailChangePage() {
  const trpc = useTRPC();
  const token = useLinkToken();
  const cancel = useMutation(trpc.auth.cancelEmailChange.mutationOptions());

  const secure = (
    <>
      <Text size="sm">
        If you did not ask for this change, someone may know your password. Reset it now: a reset
        signs out every device and revokes every API token.
      </Text>
      <Button component={Link} to="/forgot-password" variant="light">
        Reset your password
      </Button>
    </>
  );

  return (
    <MailedLinkAction
      title="Cancel the email change"
      doneTitle="Email change cancelled"
      token={token}
      state={cancel}
      invalidText="This email change link is invalid or has expired."
      failedText="The email change could not be cancelled."
      intro="Someone asked to change the email address of your account. Cancel the change to keep your current address."
      action={
        <PendingButton
          onClick={() => cancel.mutate({ token })}
          color="red"
          pending={cancel.isPending}
          pendingLabel="Cancelling..."
          disabled={!token}
        >
          Cancel the email change
        </PendingButton>
      }
      done={secure}
      footer={secure}
    />
  );
}

import { Button } from '@mantine/core';
import { useMutation } from '@tanstack/react-query';
import { Link } from 'react-router';
import { MailedLinkAction, useLinkToken } from '../../features/auth';
import { useTRPC } from '../../lib/trpc';

/**
 * /restore-account?token=… — the link of the "Your account has been deleted" e-mail, valid 30
 * days. A button (not the page load) restores, so a mail scanner opening the link changes nothing.
 */
export default function RestoreAccountPage() {
  const trpc = useTRPC();
  const token = useLinkToken();
  const restore = useMutation(trpc.privacy.restoreAccount.mutationOptions());

  return (
    <MailedLinkAction
      title="Restore your account"
      doneTitle="Account restored"
      token={token}
      state={restore}
      invalidText="This restore link is invalid or has expired."
      failedText="The account could not be restored."
      intro="Your account was deleted. Restore it to sign in again with your password; your passkeys and API tokens were removed and need setting up again, and organizations you left need to invite you again."
      action={
        <Button
          onClick={() => restore.mutate({ token })}
          loading={restore.isPending}
          disabled={!token}
        >
          Restore my account
        </Button>
      }
      done={
        <Button component={Link} to="/login">
          Sign in
        </Button>
      }
    />
  );
}

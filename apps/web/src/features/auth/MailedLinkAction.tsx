import { Alert, Stack, Text } from '@mantine/core';
import type { ReactNode } from 'react';
import { useSearchParams } from 'react-router';
import { usePageMeta } from '../../lib/page-meta';
import { errorMessage } from '../../lib/trpc';
import { AuthCard } from './AuthCard';

/** What the page needs of the mutation its button runs. */
type ActionState = {
  isSuccess: boolean;
  isError: boolean;
  error: unknown;
  data?: { message: string };
};

/** The token of a mailed link (?token=…), '' when the link has none. */
export function useLinkToken(): string {
  const [params] = useSearchParams();
  return params.get('token') ?? '';
}

/**
 * A page opened from a mailed link with a token (?token=…): it explains, and a button (not the
 * page load) acts, so a mail scanner opening the link changes nothing. Without a token, or when
 * the action fails, an alert says why; once done, the server's message and what comes next.
 * `title` is the page's title too.
 */
export function MailedLinkAction({
  title,
  doneTitle,
  token,
  state,
  invalidText,
  failedText,
  intro,
  action,
  done,
  footer,
}: {
  title: string;
  doneTitle: string;
  token: string;
  state: ActionState;
  invalidText: string;
  failedText: string;
  intro: ReactNode;
  action: ReactNode;
  done: ReactNode;
  footer?: ReactNode;
}) {
  usePageMeta(title);
  const hasToken = Boolean(token);
  if (state.isSuccess) {
    return (
      <AuthCard title={doneTitle}>
        <Stack>
          <Alert color="green" role="status">
            {state.data?.message}
          </Alert>
          {done}
        </Stack>
      </AuthCard>
    );
  }
  return (
    <AuthCard title={title}>
      <Stack>
        {!hasToken || state.isError ? (
          <Alert color="red" role="alert">
            {hasToken ? errorMessage(state.error, failedText) : invalidText}
          </Alert>
        ) : (
          <Text size="sm">{intro}</Text>
        )}
        {action}
        {footer}
      </Stack>
    </AuthCard>
  );
}

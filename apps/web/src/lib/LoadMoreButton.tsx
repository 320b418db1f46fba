import { Button } from '@mantine/core';

/**
 * "Load more" under a paged list (TanStack Query's infinite query); nothing on the last page.
 * While the next page loads it says "Loading...", or with `spinner` shows a spinner instead.
 */
export function LoadMoreButton({
  query,
  spinner = false,
}: {
  query: { hasNextPage: boolean; isFetchingNextPage: boolean; fetchNextPage: () => unknown };
  spinner?: boolean;
}) {
  if (!query.hasNextPage) return null;
  const fetching = query.isFetchingNextPage;
  return (
    <Button
      variant="default"
      onClick={() => void query.fetchNextPage()}
      {...(spinner ? { loading: fetching, w: 'fit-content' } : { disabled: fetching })}
    >
      {fetching && !spinner ? 'Loading...' : 'Load more'}
    </Button>
  );
}

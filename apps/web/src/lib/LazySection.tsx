import { Skeleton } from '@mantine/core';
import { Suspense, type ReactNode } from 'react';

/**
 * A part of a page whose code loads after the page's first chunks (issue 36: every route draws
 * within 170 KB of JavaScript); a skeleton of about its height stands in meanwhile.
 */
export function LazySection({ children, height = 160 }: { children: ReactNode; height?: number }) {
  return (
    <Suspense fallback={<Skeleton height={height} radius="md" mb="lg" aria-hidden />}>
      {children}
    </Suspense>
  );
}

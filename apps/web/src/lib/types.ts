import type { inferRouterInputs, inferRouterOutputs } from '@trpc/server';
import type { AppRouter } from '@scmp/api';

export type RouterInputs = inferRouterInputs<AppRouter>;
export type RouterOutputs = inferRouterOutputs<AppRouter>;

/** The signed-in user, as auth.me returns it. */
export type SessionUser = RouterOutputs['auth']['me']['data'];

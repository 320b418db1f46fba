import { useCallback, useEffect, useState } from 'react';
import { loadTenant, TENANT_LOAD_FAILED_TEXT, type TenantLoad } from './load-tenant';

export type LoadState =
  { kind: 'loading' } | { kind: 'error'; message: string } | { kind: 'ready'; load: TenantLoad };

/** Loads the tenant (slug → branding) once at start: loading, then ready or the error's text. */
export function useTenantLoad(): LoadState {
  const [state, setState] = useState<LoadState>({ kind: 'loading' });

  const start = useCallback(() => {
    let active = true;
    setState({ kind: 'loading' });
    loadTenant()
      .then((load) => {
        if (active) setState({ kind: 'ready', load });
      })
      .catch((error: unknown) => {
        if (!active) return;
        const message = error instanceof Error && error.message ? error.message : '';
        setState({ kind: 'error', message: message || TENANT_LOAD_FAILED_TEXT });
      });
    return () => {
      active = false;
    };
  }, []);

  useEffect(() => start(), [start]);
  return state;
}

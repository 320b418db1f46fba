import { useMutation } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import {
  SUBDOMAIN_CHECK_DEBOUNCE_MS,
  SUBDOMAIN_MIN_LENGTH,
  SUBDOMAIN_TEXTS,
} from '@scmp/api/contracts/subdomain';
import { errorMessage, useTRPC } from '../../lib/trpc';

export type SubdomainAvailability = 'idle' | 'checking' | 'available' | 'unavailable';

/**
 * Live availability of a subdomain: checked 500 ms after the last change once it has 3 or more
 * characters (below that the status is cleared). A failing check marks it unavailable. The
 * organization's unchanged current slug counts as available without asking.
 */
export function useSubdomainCheck(
  value: string,
  options: { organizationUuid?: string; currentSlug?: string | null } = {},
): { status: SubdomainAvailability; message: string | null } {
  const trpc = useTRPC();
  const { mutateAsync } = useMutation(trpc.organizations.checkSubdomain.mutationOptions());
  const [state, setState] = useState<{ status: SubdomainAvailability; message: string | null }>({
    status: 'idle',
    message: null,
  });
  const latest = useRef(0);
  const { organizationUuid, currentSlug } = options;

  useEffect(() => {
    const slug = value.trim().toLowerCase();
    const request = ++latest.current;
    if (slug.length < SUBDOMAIN_MIN_LENGTH) {
      setState({ status: 'idle', message: null });
      return;
    }
    if (currentSlug && slug === currentSlug) {
      setState({ status: 'available', message: SUBDOMAIN_TEXTS.available });
      return;
    }
    setState({ status: 'checking', message: null });
    const timer = window.setTimeout(() => {
      mutateAsync({
        subdomain: slug,
        ...(organizationUuid ? { organization_uuid: organizationUuid } : {}),
      })
        .then((res) => {
          if (request !== latest.current) return;
          setState(
            res.data.available
              ? { status: 'available', message: res.message ?? SUBDOMAIN_TEXTS.available }
              : {
                  status: 'unavailable',
                  message: res.message ?? SUBDOMAIN_TEXTS.notAvailableFallback,
                },
          );
        })
        .catch((error: unknown) => {
          if (request !== latest.current) return;
          setState({
            status: 'unavailable',
            message: errorMessage(error, SUBDOMAIN_TEXTS.invalidFallback),
          });
        });
    }, SUBDOMAIN_CHECK_DEBOUNCE_MS);
    return () => window.clearTimeout(timer);
  }, [value, organizationUuid, currentSlug, mutateAsync]);

  return state;
}

import { MantineProvider } from '@mantine/core';
import { DEFAULT_BRANDING, type PublicBranding } from '@scmp/api/contracts/branding-defaults';
import { PRODUCT } from '@scmp/api/contracts/product';
import { BrandedTheme } from '@scmp/ui';
import { createContext, Suspense, useContext, useMemo, type ReactNode } from 'react';
import { theme as defaultTheme } from '../../app/theme';
import type { SiteConfig, TenantInfo, TenantLoad } from './load-tenant';
import { mainSiteUrl } from './resolve-slug';
import { TenantLoading } from './TenantLoading';
import { useTenantDocument } from './use-tenant-document';
import { useTenantLoad } from './use-tenant-load';
import { lazyNamed } from '../../lib/lazy-named';

type TenantState = {
  branding: PublicBranding;
  /** The resolved tenant, or null on the main site (and for tenants that could not be loaded). */
  tenant: TenantInfo | null;
  isTenantMode: boolean;
  config: SiteConfig;
  /** The main public site (protocol//tenant_domain:port/). */
  mainSiteUrl: string;
};

/** Without the site configuration: a tenant host (server hint) drops its first label. */
function fallbackMainSiteUrl(): string {
  const { protocol, hostname, port } = window.location;
  const hinted = document.querySelector('meta[name="scmp-tenant"]');
  const labels = hostname.split('.');
  const host = hinted && labels.length > 1 ? labels.slice(1).join('.') : hostname;
  return mainSiteUrl({ protocol, hostname, port }, host);
}

// Only shown when the site configuration cannot be loaded: not part of the first load.
const ConfigurationError = lazyNamed(() => import('./ConfigurationError'), 'ConfigurationError');

const TenantContext = createContext<TenantState | null>(null);

/** Loads the tenant (slug → branding) once at start and themes everything below it. */
export function TenantProvider({ children }: { children: ReactNode }) {
  const state = useTenantLoad();
  if (state.kind === 'loading') {
    return (
      <MantineProvider theme={defaultTheme}>
        <TenantLoading />
      </MantineProvider>
    );
  }
  if (state.kind === 'error') {
    return (
      <MantineProvider theme={defaultTheme}>
        <Suspense fallback={<TenantLoading />}>
          <ConfigurationError message={state.message} mainSiteUrl={fallbackMainSiteUrl()} />
        </Suspense>
      </MantineProvider>
    );
  }
  return <TenantReady load={state.load}>{children}</TenantReady>;
}

function TenantReady({ load, children }: { load: TenantLoad; children: ReactNode }) {
  const value = useMemo<TenantState>(
    () => ({
      branding: load.branding,
      tenant: load.tenant,
      isTenantMode: load.tenant !== null,
      config: load.config,
      mainSiteUrl: mainSiteUrl(window.location, load.config.tenant_domain),
    }),
    [load],
  );
  useTenantDocument(value.branding, value.isTenantMode);
  return (
    <TenantContext.Provider value={value}>
      <BrandedTheme branding={value.branding}>{children}</BrandedTheme>
    </TenantContext.Provider>
  );
}

const MAIN_SITE: TenantState = {
  branding: { ...DEFAULT_BRANDING },
  tenant: null,
  isTenantMode: false,
  config: { tenant_domain: '', instance_domain: '', product_name: PRODUCT.name },
  mainSiteUrl: '/',
};

/** The tenant and branding of this page (main-site defaults outside the provider). */
export function useTenant(): TenantState {
  return useContext(TenantContext) ?? MAIN_SITE;
}

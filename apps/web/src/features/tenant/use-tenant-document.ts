import { DEFAULT_BRANDING, type PublicBranding } from '@scmp/api/contracts/branding-defaults';
import { PRODUCT } from '@scmp/api/contracts/product';
import { useEffect } from 'react';

const CUSTOM_CSS_ID = 'tenant-custom-css';

function setFavicon(href: string): void {
  let link = document.querySelector<HTMLLinkElement>('link[rel~="icon"]');
  if (!link) {
    link = document.createElement('link');
    link.rel = 'icon';
    document.head.appendChild(link);
  }
  link.removeAttribute('type');
  link.href = href;
}

/**
 * Applies the tenant to the document: custom CSS (tenant mode only), the favicon, and the title
 * '{company_name} - {product name}' when the company name is not the default.
 */
export function useTenantDocument(branding: PublicBranding, isTenantMode: boolean): void {
  useEffect(() => {
    document.getElementById(CUSTOM_CSS_ID)?.remove();
    if (!isTenantMode || !branding.custom_css.trim()) return;
    const style = document.createElement('style');
    style.id = CUSTOM_CSS_ID;
    style.textContent = branding.custom_css;
    document.head.appendChild(style);
    return () => style.remove();
  }, [branding.custom_css, isTenantMode]);

  useEffect(() => {
    if (branding.favicon_url) setFavicon(branding.favicon_url);
  }, [branding.favicon_url]);

  useEffect(() => {
    const company = branding.company_name.trim();
    if (!company || company === DEFAULT_BRANDING.company_name) return;
    const title = `${company} - ${PRODUCT.name}`;
    document.title = title;
    // Pages set their own titles as they load; the tenant's title wins on a branded site.
    const titleElement = document.querySelector('title');
    if (!titleElement) return;
    const observer = new MutationObserver(() => {
      if (document.title !== title) document.title = title;
    });
    observer.observe(titleElement, { childList: true, characterData: true, subtree: true });
    return () => observer.disconnect();
  }, [branding.company_name]);
}

import { useEffect } from 'react';
import { PRODUCT } from '@scmp/api/contracts/product';

/** Sets the document title (`{title} | SCMP`) and meta description for the current page. */
export function usePageMeta(title: string, description?: string): void {
  useEffect(() => {
    document.title =
      title === PRODUCT.name
        ? `${PRODUCT.shortName} - ${PRODUCT.name}`
        : `${title} | ${PRODUCT.shortName}`;
    if (description) {
      let tag = document.querySelector<HTMLMetaElement>('meta[name="description"]');
      if (!tag) {
        tag = document.createElement('meta');
        tag.name = 'description';
        document.head.appendChild(tag);
      }
      tag.content = description;
    }
  }, [title, description]);
}

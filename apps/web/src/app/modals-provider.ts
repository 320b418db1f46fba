/**
 * ModalsProvider alone, as DeferredOverlays' lazy chunk: a dynamic import of the whole
 * '@mantine/modals' made the bundler put the provider (and Mantine's Modal) in the chunk with the
 * `modals` events every page imports, so each page loaded the Modal up front (issue 36).
 */
export { ModalsProvider } from '@mantine/modals';

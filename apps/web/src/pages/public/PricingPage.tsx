import { Box, Container, Text } from '@mantine/core';
import { useEffect } from 'react';
import { useLocation } from 'react-router';
import { FaqSection, PlanCards, SavingsCalculator, MarketingPage } from '../../features/marketing';
import { usePageMeta } from '../../lib/page-meta';

export default function PricingPage() {
  usePageMeta(
    'Pricing',
    'Basic at £200 a month with one venue (£50 per additional venue) or Unlimited at £1,200 a month for every venue. One-time £200 setup fee. Work out your savings.',
  );
  const { hash } = useLocation();
  useEffect(() => {
    if (hash !== '#faqs') return;
    // After the shell's scroll-to-top on route change, bring the FAQ anchor into view.
    const frame = window.requestAnimationFrame(() =>
      document.getElementById('faqs')?.scrollIntoView({ block: 'start' }),
    );
    return () => window.cancelAnimationFrame(frame);
  }, [hash]);
  return (
    <MarketingPage
      header={{
        eyebrow: 'Pricing',
        title: 'Pricing',
        subtitle:
          'Two plans, one setup fee of £200, and no per-pupil charges. Choose Basic for a single site or Unlimited when you run many.',
      }}
    >
      <Container size="lg" py={64} component="section" aria-label="Plans">
        <PlanCards headingOrder={2} />
        <Text ta="center" c="dimmed" fz="sm" mt="lg">
          Prices exclude VAT. Billed monthly in advance; save 10% by paying annually.
        </Text>
      </Container>
      <Box bg="gray.0">
        <FaqSection />
      </Box>
      <Container size="lg" py={64}>
        <SavingsCalculator showFirstYear />
      </Container>
    </MarketingPage>
  );
}

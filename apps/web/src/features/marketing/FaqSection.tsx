import { Accordion, Anchor, Box, Container, Text, Title } from '@mantine/core';
import { PRODUCT } from '@scmp/api/contracts/product';
import { FAQS } from './faqs';

/** Frequently asked questions, at the anchor #faqs. */
export function FaqSection() {
  return (
    <Box
      component="section"
      id="faqs"
      aria-labelledby="faqs-heading"
      py={64}
      style={{ scrollMarginTop: 80 }}
    >
      <Container size="md">
        <Title order={2} id="faqs-heading" ta="center" fz={32}>
          Frequently asked questions
        </Title>
        <Text ta="center" c="dimmed" mt="xs" mb="xl">
          Straight answers on billing, contracts and your data.
        </Text>
        <Accordion variant="separated" radius="md" multiple={false}>
          {FAQS.map((item, index) => (
            <Accordion.Item key={item.question} value={`faq-${index}`}>
              <Accordion.Control>
                <Text fw={600} component="span">
                  {item.question}
                </Text>
              </Accordion.Control>
              <Accordion.Panel>
                <Text>{item.answer}</Text>
              </Accordion.Panel>
            </Accordion.Item>
          ))}
        </Accordion>
        <Text ta="center" mt="xl">
          Another question? E-mail{' '}
          <Anchor underline="always" href={`mailto:${PRODUCT.salesEmail}`}>
            {PRODUCT.salesEmail}
          </Anchor>{' '}
          or call{' '}
          <Anchor underline="always" href={PRODUCT.phoneHref}>
            {PRODUCT.phone}
          </Anchor>
          .
        </Text>
      </Container>
    </Box>
  );
}

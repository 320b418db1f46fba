import {
  Anchor,
  Container,
  Grid,
  Paper,
  Stack,
  Text,
  ThemeIcon,
  Title,
  Group,
} from '@mantine/core';
import { IconHeadset, IconMail, IconPhone, IconPresentation } from '@tabler/icons-react';
import { PRODUCT } from '@scmp/api/contracts/product';
import { ContactForm, MarketingPage } from '../../features/marketing';
import { usePageMeta } from '../../lib/page-meta';

const CHANNELS = [
  {
    icon: IconPresentation,
    title: 'Sales and demos',
    text: 'Pricing, plans and 30-minute demos for your setting.',
    email: PRODUCT.salesEmail,
  },
  {
    icon: IconHeadset,
    title: 'Customer support',
    text: 'Already a customer? Open a ticket from your dashboard or e-mail us.',
    email: PRODUCT.supportEmail,
  },
  {
    icon: IconMail,
    title: 'General enquiries',
    text: 'Press, partnerships and anything else.',
    email: PRODUCT.generalEmail,
  },
];

export default function ContactPage() {
  usePageMeta(
    'Contact Us',
    'Contact the SCMP team: sales and demos, customer support and general enquiries for schools, nurseries and camps across the UK.',
  );
  return (
    <MarketingPage
      header={{
        eyebrow: 'Contact',
        title: 'Contact Us',
        subtitle:
          'Questions about pricing, a demo for your governors, or help moving from your current system: we reply within one working day.',
      }}
    >
      <Container size="lg" py={64}>
        <Grid gap={48}>
          <Grid.Col span={{ base: 12, md: 5 }}>
            <Stack gap="lg">
              {CHANNELS.map((channel) => (
                <Paper key={channel.title} withBorder radius="md" p="lg">
                  <Group wrap="nowrap" align="flex-start">
                    <ThemeIcon size={40} radius="md" color="#0B173D">
                      <channel.icon size={22} aria-hidden />
                    </ThemeIcon>
                    <div>
                      <Title order={2} fz="lg">
                        {channel.title}
                      </Title>
                      <Text c="dimmed" fz="sm" mt={4}>
                        {channel.text}
                      </Text>
                      <Anchor
                        underline="always"
                        href={`mailto:${channel.email}`}
                        fw={600}
                        mt={6}
                        display="inline-block"
                      >
                        {channel.email}
                      </Anchor>
                    </div>
                  </Group>
                </Paper>
              ))}
              <Paper withBorder radius="md" p="lg">
                <Group wrap="nowrap" align="flex-start">
                  <ThemeIcon size={40} radius="md" color="#D1A103">
                    <IconPhone size={22} color="#0B173D" aria-hidden />
                  </ThemeIcon>
                  <div>
                    <Title order={2} fz="lg">
                      Telephone
                    </Title>
                    <Text c="dimmed" fz="sm" mt={4}>
                      Monday to Friday, 8:30am to 5:30pm (UK time)
                    </Text>
                    <Anchor
                      underline="always"
                      href={PRODUCT.phoneHref}
                      fw={600}
                      mt={6}
                      display="inline-block"
                    >
                      {PRODUCT.phone}
                    </Anchor>
                  </div>
                </Group>
              </Paper>
            </Stack>
          </Grid.Col>
          <Grid.Col span={{ base: 12, md: 7 }}>
            <Paper withBorder radius="lg" p={{ base: 'lg', sm: 'xl' }} shadow="sm">
              <Title order={2} fz={26} mb="xs">
                Send us a message
              </Title>
              <Text c="dimmed" mb="lg">
                Fields marked * are required. We use your details only to answer your enquiry.
              </Text>
              <ContactForm />
            </Paper>
          </Grid.Col>
        </Grid>
      </Container>
    </MarketingPage>
  );
}

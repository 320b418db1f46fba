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

/** A way to reach the team: its link is an e-mail address or, with `accent`, the telephone. */
type Channel = {
  icon: typeof IconMail;
  title: string;
  text: string;
  href: string;
  link: string;
  accent?: boolean;
};

const mail = (address: string) => ({ href: `mailto:${address}`, link: address });

const CHANNELS: Channel[] = [
  {
    icon: IconPresentation,
    title: 'Sales and demos',
    text: 'Pricing, plans and 30-minute demos for your setting.',
    ...mail(PRODUCT.salesEmail),
  },
  {
    icon: IconHeadset,
    title: 'Customer support',
    text: 'Already a customer? Open a ticket from your dashboard or e-mail us.',
    ...mail(PRODUCT.supportEmail),
  },
  {
    icon: IconMail,
    title: 'General enquiries',
    text: 'Press, partnerships and anything else.',
    ...mail(PRODUCT.generalEmail),
  },
  {
    icon: IconPhone,
    title: 'Telephone',
    text: 'Monday to Friday, 8:30am to 5:30pm (UK time)',
    href: PRODUCT.phoneHref,
    link: PRODUCT.phone,
    accent: true,
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
                    <ThemeIcon size={40} radius="md" color={channel.accent ? '#D1A103' : '#0B173D'}>
                      <channel.icon
                        size={22}
                        color={channel.accent ? '#0B173D' : undefined}
                        aria-hidden
                      />
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
                        href={channel.href}
                        fw={600}
                        mt={6}
                        display="inline-block"
                      >
                        {channel.link}
                      </Anchor>
                    </div>
                  </Group>
                </Paper>
              ))}
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

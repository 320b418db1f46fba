import { Anchor, Button, Group, Paper, Text, Title } from '@mantine/core';
import { PRODUCT } from '@scmp/api/contracts/product';
import { Link } from 'react-router';
import { useCookieConsent } from '../../features/cookies';
import { LegalDocument, LegalList, LegalTable, type LegalSection } from '../../features/marketing';
import { usePageMeta } from '../../lib/page-meta';

const CATEGORIES = [
  {
    key: 'essential',
    name: 'Essential',
    purpose:
      'Keep you signed in, protect forms against forgery and remember your cookie choices. The site cannot work without them, so they are always active.',
    examples: 'token, cookie_consent, cookie_preferences, XSRF-TOKEN',
  },
  {
    key: 'functional',
    name: 'Functional',
    purpose:
      'Remember choices that make the site easier to use, such as layout and recently used settings.',
    examples: 'Interface preferences',
  },
  {
    key: 'analytics',
    name: 'Analytics',
    purpose:
      'Count page views so we can see which pages help visitors and which need work. Our analytics is first-party and records no personal profile.',
    examples: 'Anonymous page-view counts',
  },
  {
    key: 'marketing',
    name: 'Marketing',
    purpose: 'Measure whether our campaigns reach schools and camps, and show relevant content.',
    examples: 'Campaign measurement',
  },
] as const;

const SECTIONS: LegalSection[] = [
  {
    id: 'what-are-cookies',
    title: 'What cookies are',
    body: (
      <Text>
        Cookies are small text files a website stores on your device. We also use your browser’s
        local storage, which works in a similar way. In this policy, “cookies” covers both.
      </Text>
    ),
  },
  {
    id: 'categories',
    title: 'The cookies we use',
    body: (
      <LegalTable
        strongFirst
        columns={['Category', 'Purpose', 'Examples']}
        rows={CATEGORIES.map((category) => [category.name, category.purpose, category.examples])}
      />
    ),
  },
  {
    id: 'consent',
    title: 'Your consent',
    body: (
      <>
        <Text>
          On your first visit we ask for your choice. Essential cookies are set regardless, because
          the site needs them. Functional, Analytics and Marketing cookies are only used if you
          allow them, and analytics code is not loaded at all until you do.
        </Text>
        <LegalList
          items={[
            'Accept All turns on every category.',
            'Essential Only keeps just the cookies the site needs.',
            'Customize lets you choose category by category.',
          ]}
        />
      </>
    ),
  },
  {
    id: 'managing',
    title: 'Changing your mind',
    body: (
      <Text>
        You can change your choices at any time with the Cookie Preferences button on this page. You
        can also delete cookies in your browser settings; if you do, we will ask for your choice
        again on your next visit.
      </Text>
    ),
  },
  {
    id: 'contact',
    title: 'Questions',
    body: (
      <Text>
        Read our{' '}
        <Anchor underline="always" component={Link} to="/privacy">
          Privacy Policy
        </Anchor>{' '}
        for how we handle personal data, or e-mail{' '}
        <Anchor underline="always" href={`mailto:${PRODUCT.generalEmail}`}>
          {PRODUCT.generalEmail}
        </Anchor>
        .
      </Text>
    ),
  },
];

function YourChoices() {
  const { preferences, hasConsented, openPreferences, reset } = useCookieConsent();
  return (
    <Paper withBorder radius="md" p="lg" component="section" aria-labelledby="choices-heading">
      <Title order={2} fz={20} id="choices-heading">
        Your current choices
      </Title>
      <Text c="dimmed" fz="sm" mt={4}>
        {hasConsented
          ? 'These are the choices saved in this browser.'
          : 'You have not made a choice yet, so only essential cookies are in use.'}
      </Text>
      <Group gap="xs" mt="md">
        {CATEGORIES.map((category) => {
          const on = preferences[category.key];
          return (
            <Text
              key={category.key}
              component="span"
              fz="sm"
              fw={600}
              px="sm"
              py={4}
              c={on ? '#0b5e3b' : '#343a40'}
              bg={on ? '#e6f6ee' : '#f1f3f5'}
              style={{ borderRadius: 16 }}
            >
              {category.name}:{' '}
              {category.key === 'essential' ? 'Always Active' : on ? 'Enabled' : 'Disabled'}
            </Text>
          );
        })}
      </Group>
      <Group mt="lg">
        <Button color="#0B173D" onClick={openPreferences}>
          Cookie Preferences
        </Button>
        {hasConsented && (
          <Button variant="default" onClick={reset}>
            Withdraw consent
          </Button>
        )}
      </Group>
    </Paper>
  );
}

export default function CookiesPage() {
  usePageMeta(
    'Cookie Policy',
    'Which cookies SCMP uses (Essential, Functional, Analytics and Marketing), why, and how to change your cookie preferences at any time.',
  );
  return (
    <LegalDocument
      title="Cookie Policy"
      updated="1 November 2026"
      intro={
        <Text>
          This policy explains the cookies {PRODUCT.shortName} uses and how you control them. We
          keep non-essential cookies off until you say otherwise.
        </Text>
      }
      sections={SECTIONS}
    >
      <YourChoices />
    </LegalDocument>
  );
}

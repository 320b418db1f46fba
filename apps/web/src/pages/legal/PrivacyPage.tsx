import { Anchor, Table, Text } from '@mantine/core';
import { PRODUCT } from '@scmp/api/contracts/product';
import { RETENTION_RULES, retentionKeptFor } from '@scmp/api/contracts/retention';
import { Link } from 'react-router';
import { LegalDocument, LegalList, LegalTable, type LegalSection } from '../../features/marketing';
import { usePageMeta } from '../../lib/page-meta';

const dpo = (
  <Anchor
    underline="always"
    href={`mailto:${PRODUCT.generalEmail}?subject=${encodeURIComponent('Data protection enquiry')}`}
  >
    {PRODUCT.generalEmail}
  </Anchor>
);

/** The retention rules as the retention job applies them (contracts/retention.ts). */
function RetentionTable() {
  return (
    <Table.ScrollContainer
      minWidth={560}
      type="native"
      tabIndex={0}
      role="region"
      aria-label="How long we keep data (scrolls sideways)"
    >
      <LegalTable
        data-testid="retention-table"
        columns={['Data', 'Kept for', 'Then']}
        rows={RETENTION_RULES.map((rule) => [rule.what, retentionKeptFor(rule), rule.then])}
      />
    </Table.ScrollContainer>
  );
}

const SECTIONS: LegalSection[] = [
  {
    id: 'who-we-are',
    title: 'Who we are',
    body: (
      <Text>
        {PRODUCT.shortName} provides the {PRODUCT.name}. For the personal data of visitors to this
        website and of the people who register accounts with us, we are the data controller. For the
        records schools, nurseries and camps keep in their own instances (about pupils, families and
        staff), the customer organisation is the controller and we act as its processor. You can
        contact us about data protection at {dpo}.
      </Text>
    ),
  },
  {
    id: 'data-we-collect',
    title: 'The data we collect',
    body: (
      <>
        <Text>Depending on how you use the service, we collect:</Text>
        <LegalList
          items={[
            'account details: your name, e-mail address and password (stored only as a secure hash);',
            'organisation details: the name, address, contact details and branding of your setting;',
            'billing details: plan, invoices and payment status (card details are held by our payment provider, not by us);',
            'support conversations and any files you attach to them;',
            'technical data: IP address, browser and device type, sign-in times and security events;',
            'messages you send through our contact form.',
          ]}
        />
      </>
    ),
  },
  {
    id: 'how-we-use',
    title: 'How we use your data',
    body: (
      <LegalList
        items={[
          'to create and secure your account and provide the service you subscribe to;',
          'to take payments, issue invoices and keep financial records;',
          'to answer your enquiries and support tickets;',
          'to send service e-mails, such as verification, password reset and security alerts;',
          'to detect and prevent fraud, abuse and security incidents;',
          'with your consent, to send product news and to measure how our website is used.',
        ]}
      />
    ),
  },
  {
    id: 'lawful-bases',
    title: 'Our lawful bases',
    body: (
      <Text>
        Under UK GDPR we rely on: performance of a contract (to provide the service and take
        payment); legal obligation (for example, keeping accounting records); legitimate interests
        (keeping the service secure and improving it, balanced against your rights); and consent
        (for non-essential cookies and marketing e-mails, which you can withdraw at any time).
      </Text>
    ),
  },
  {
    id: 'childrens-data',
    title: 'Children’s data in customer instances',
    body: (
      <Text>
        Schools, nurseries and camps decide what they record about children and why. We process that
        data only on their documented instructions, under a data processing agreement, and never use
        it for our own purposes such as marketing or profiling. If you are a parent or pupil with a
        question about those records, please contact the setting directly; we will help them
        respond.
      </Text>
    ),
  },
  {
    id: 'sharing',
    title: 'Who we share data with',
    body: (
      <Text>
        We share data only with carefully chosen processors that help us run the service: hosting
        and backup providers, our payment provider, and e-mail delivery services. Each is bound by
        contract to protect your data. We do not sell personal data. We may disclose data where the
        law requires it, for example to the police or a regulator.
      </Text>
    ),
  },
  {
    id: 'international-transfers',
    title: 'International transfers',
    body: (
      <Text>
        We aim to store and process personal data in the UK. Where a provider processes data outside
        the UK, we make sure the transfer is covered by UK adequacy regulations or the International
        Data Transfer Agreement, with additional safeguards where needed.
      </Text>
    ),
  },
  {
    id: 'retention',
    title: 'How long we keep data',
    body: (
      <>
        <Text>
          Account data is kept while your account is open. When an organization is closed, its data
          can be exported for 60 days and is then deleted. Educational records in customer instances
          are kept for up to 7 years, or less if the customer chooses. Financial records are kept
          for six years after the end of the financial year they relate to, as UK law requires.
        </Text>
        <Text>
          Until the 60 days are over its owner can export its data and undo the closure. A deleted
          account can be restored for 30 days. Our systems remove the rest on their own, on this
          schedule:
        </Text>
        <RetentionTable />
      </>
    ),
  },
  {
    id: 'cookies',
    title: 'Cookies',
    body: (
      <>
        <Text>We group the cookies and similar storage we use into four categories:</Text>
        <LegalTable
          columns={['Category', 'What it does']}
          rows={[
            [
              'Essential',
              'Keeps you signed in, protects forms and remembers your cookie choices. Always active.',
            ],
            ['Functional', 'Remembers preferences such as layout and recently used settings.'],
            ['Analytics', 'Helps us understand which pages are used, only after you agree.'],
            [
              'Marketing',
              'Measures our campaigns and shows relevant content, only after you agree.',
            ],
          ]}
        />
        <Text>
          Read our{' '}
          <Anchor underline="always" component={Link} to="/cookies">
            Cookie Policy
          </Anchor>{' '}
          for details and to change your choices.
        </Text>
      </>
    ),
  },
  {
    id: 'your-rights',
    title: 'Your rights',
    body: (
      <>
        <Text>Under UK GDPR you have the right to:</Text>
        <LegalList
          items={[
            'access the personal data we hold about you;',
            'have inaccurate data corrected;',
            'have data erased, or its use restricted, in certain circumstances;',
            'object to processing based on legitimate interests, and to direct marketing at any time;',
            'receive your data in a portable format;',
            'withdraw consent at any time, without affecting earlier processing.',
          ]}
        />
        <Text>To use any of these rights, e-mail {dpo}. We will respond within one month.</Text>
      </>
    ),
  },
  {
    id: 'complaints-changes',
    title: 'Complaints and changes to this policy',
    body: (
      <Text>
        If you are unhappy with how we handle your data, please tell us first so we can put it
        right. You also have the right to complain to the Information Commissioner’s Office (ICO) at{' '}
        <Anchor
          underline="always"
          href="https://ico.org.uk"
          target="_blank"
          rel="noopener noreferrer"
        >
          ico.org.uk
        </Anchor>{' '}
        or on 0303 123 1113. We will post any changes to this policy on this page and, for
        significant changes, let account holders know by e-mail.
      </Text>
    ),
  },
];

export default function PrivacyPage() {
  usePageMeta(
    'Privacy Policy',
    'How SCMP collects, uses and protects personal data under UK GDPR, including children’s data held for schools, nurseries and camps, cookies and your rights.',
  );
  return (
    <LegalDocument
      title="Privacy Policy"
      updated="1 November 2026"
      intro={
        <Text>
          This policy explains what personal data we collect, why we collect it, how long we keep it
          and the choices you have. It is written to meet the UK General Data Protection Regulation
          (UK GDPR) and the Data Protection Act 2018.
        </Text>
      }
      sections={SECTIONS}
    />
  );
}

import { Anchor, Text } from '@mantine/core';
import { PRODUCT } from '@scmp/api/contracts/product';
import { Link } from 'react-router';
import { LegalDocument, LegalList, type LegalSection } from '../../features/marketing';
import { usePageMeta } from '../../lib/page-meta';

const SECTIONS: LegalSection[] = [
  {
    id: 'about',
    title: 'About these terms',
    body: (
      <>
        <Text>
          These terms and conditions govern your use of the {PRODUCT.name} ({PRODUCT.shortName}),
          including this website, your dashboard and the hosted instances you create. By registering
          an account or using the service you accept them on behalf of yourself and the school,
          nursery, camp or other organisation you represent.
        </Text>
        <Text>
          In these terms, “we”, “us” and “our” mean {PRODUCT.shortName}; “you” means the customer
          organisation and its authorised users.
        </Text>
      </>
    ),
  },
  {
    id: 'accounts',
    title: 'Your account',
    body: (
      <>
        <Text>
          You must give accurate registration details, verify your e-mail address and keep your
          password confidential. You are responsible for everything done under your account and for
          the users you invite, including administrators, teachers, staff, parents and students.
        </Text>
        <Text>
          We strongly recommend turning on two-factor authentication for every account with
          administrative access. Tell us straight away at{' '}
          <Anchor underline="always" href={`mailto:${PRODUCT.supportEmail}`}>
            {PRODUCT.supportEmail}
          </Anchor>{' '}
          if you suspect unauthorised use.
        </Text>
      </>
    ),
  },
  {
    id: 'service',
    title: 'The service',
    body: (
      <Text>
        We provide a hosted platform for managing schools, nurseries and camps, delivered as branded
        instances on your own subdomain. We may improve and change features over time; we will not
        remove a core feature you rely on during a paid period without giving you reasonable notice.
      </Text>
    ),
  },
  {
    id: 'fees-billing',
    title: 'Fees and billing',
    body: (
      <>
        <Text>
          A one-time setup fee of £200 is charged when you first subscribe. Subscriptions are billed
          monthly in advance at the price of your plan: Basic at £200 per month including one venue,
          plus £50 per month for each additional venue, or Unlimited at £1,200 per month for
          unlimited venues.
        </Text>
        <Text>
          If you choose annual payment you are billed once a year in advance, with the annual
          discount shown at the time of purchase. Prices exclude VAT, which is added where it
          applies. Plan changes take effect immediately and are prorated for the rest of the billing
          period.
        </Text>
        <Text>
          If a payment fails we will tell you and retry it. Where an invoice remains unpaid, we may
          suspend access to your instances until it is settled, after giving you notice.
        </Text>
      </>
    ),
  },
  {
    id: 'cancellation',
    title: 'Cancellation and termination',
    body: (
      <>
        <Text>
          You may cancel your subscription at any time from your dashboard or by writing to us.
          Cancellation needs 30 days’ notice: your subscription continues, and is billed, until the
          end of the notice period.
        </Text>
        <Text>
          We may suspend or end the service if you seriously or repeatedly breach these terms, or if
          required by law. Where we can, we will give you notice and a chance to put things right
          first.
        </Text>
      </>
    ),
  },
  {
    id: 'your-data',
    title: 'Your data',
    body: (
      <>
        <Text>
          You own the data you put into the service. You act as the data controller for personal
          data about pupils, children, families and staff, and we process it on your behalf as data
          processor under a data processing agreement and in line with UK GDPR.
        </Text>
        <Text>
          When you close your organization you have a data export window of 60 days before deletion.
          During that window you can download your records in standard formats or restore the
          organization; after it, your data is permanently deleted from our live systems and then
          from backups in their normal rotation.
        </Text>
      </>
    ),
  },
  {
    id: 'retention',
    title: 'Record retention',
    body: (
      <Text>
        While your subscription is active, educational records are retained for up to 7 years, or
        for a shorter period you configure, so that you can meet your own statutory and safeguarding
        obligations. Audit logs of sign-ins and changes are kept for the period stated in our
        documentation.
      </Text>
    ),
  },
  {
    id: 'availability',
    title: 'Availability and support',
    body: (
      <>
        <Text>
          Our uptime target is 99.9% in each calendar month, excluding planned maintenance, which we
          schedule outside school hours and announce in advance wherever possible.
        </Text>
        <Text>
          Support is available by e-mail and through the support desk in your dashboard. Unlimited
          plan customers receive priority support.
        </Text>
      </>
    ),
  },
  {
    id: 'security',
    title: 'Security and authentication',
    body: (
      <>
        <Text>
          We protect the service with encryption in transit, access controls and monitoring.
          Authentication cookies expire after 30 days of inactivity, after which you need to sign in
          again. You can also end sessions on other devices from your security settings.
        </Text>
        <Text>
          You must not attempt to access data or accounts that are not yours, test the security of
          the service without our written permission, or interfere with other customers’ use of it.
        </Text>
      </>
    ),
  },
  {
    id: 'acceptable-use',
    title: 'Acceptable use',
    body: (
      <>
        <Text>You agree not to use the service to:</Text>
        <LegalList
          items={[
            'store or send unlawful, harmful or discriminatory material;',
            'send unsolicited marketing to people who have not agreed to receive it;',
            'upload malicious software or overload the service deliberately;',
            'resell the service or give access to people outside your organisation.',
          ]}
        />
      </>
    ),
  },
  {
    id: 'liability',
    title: 'Liability',
    body: (
      <>
        <Text>
          Nothing in these terms limits liability for death or personal injury caused by negligence,
          for fraud, or for anything else that cannot be limited by law.
        </Text>
        <Text>
          Otherwise, our total liability in any 12-month period is limited to the fees you paid us
          in that period, and we are not liable for indirect or consequential loss, or for loss of
          profit, revenue or goodwill.
        </Text>
      </>
    ),
  },
  {
    id: 'general',
    title: 'Changes, governing law and contact',
    body: (
      <>
        <Text>
          We may update these terms. We will give you at least 30 days’ notice by e-mail of any
          change that materially affects you; continuing to use the service after that date means
          you accept the change.
        </Text>
        <Text>
          These terms are governed by the law of England and Wales, and the courts of England and
          Wales have exclusive jurisdiction. Questions about them can be sent to{' '}
          <Anchor underline="always" href={`mailto:${PRODUCT.generalEmail}`}>
            {PRODUCT.generalEmail}
          </Anchor>
          . See also our{' '}
          <Anchor underline="always" component={Link} to="/privacy">
            Privacy Policy
          </Anchor>{' '}
          and{' '}
          <Anchor underline="always" component={Link} to="/cookies">
            Cookie Policy
          </Anchor>
          .
        </Text>
      </>
    ),
  },
];

export default function TermsPage() {
  usePageMeta(
    'Terms & Conditions',
    'The terms for using SCMP: billing monthly in advance, 30 days’ notice to cancel, a 60-day data export window, a 99.9% uptime target and how we handle your records.',
  );
  return (
    <LegalDocument
      title="Terms & Conditions"
      updated="1 November 2026"
      intro={
        <Text>
          Please read these terms carefully. They set out what you can expect from us and what we
          expect from you when your organisation uses {PRODUCT.shortName}.
        </Text>
      }
      sections={SECTIONS}
    />
  );
}

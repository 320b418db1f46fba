/** Pricing FAQ (spec part 1 §3 FAQ item: question, answer; facts from §9). */
export type FaqItem = { question: string; answer: string };

export const FAQS: FaqItem[] = [
  {
    question: 'Can I change plans later?',
    answer:
      'Yes. You can move between Basic and Unlimited, or add and remove venues, at any time from your dashboard. Plan changes are prorated and immediate: the new price applies straight away and you are only charged, or credited, for the part of the month that remains.',
  },
  {
    question: 'Is there a discount for paying annually?',
    answer:
      'Yes. Annual payment saves 10% compared with paying month by month, which suits many schools that prefer to commit budget once at the start of the financial or academic year.',
  },
  {
    question: 'How can we pay?',
    answer:
      'We accept payment by all major credit and debit cards and by direct debit. If you choose annual billing you can also pay by bank transfer against an invoice, which works well with most school and local-authority finance systems.',
  },
  {
    question: 'What does the £200 setup fee cover?',
    answer:
      'The one-time setup fee covers provisioning your hosted instance on its own secure subdomain, applying your logo and colours, installing SSL certificates and a guided onboarding call with our team. It is charged once, with your first month.',
  },
  {
    question: 'What counts as a venue?',
    answer:
      'A venue is a physical site you run: a school, a nursery setting or a camp location. The Basic plan includes one venue; each additional venue is £50 a month. Once you have many sites, the Unlimited plan at £1,200 a month covers every venue with no extra charge.',
  },
  {
    question: 'Do prices include VAT?',
    answer:
      'Prices are shown excluding VAT. VAT is added at the prevailing UK rate where it applies, and every invoice is a full VAT invoice you can download from your dashboard.',
  },
  {
    question: 'Is our data kept in the UK, and are you UK GDPR compliant?',
    answer:
      'We process personal data in line with UK GDPR and the Data Protection Act 2018, and we will sign a data processing agreement with your school or organisation. Our Privacy Policy explains what we collect, why, and how long we keep it.',
  },
  {
    question: 'How do we cancel, and can we take our data with us?',
    answer:
      'You can cancel with 30 days’ notice. Your data stays yours: export it at any time, and when you close your organization you have a 60-day window to export it before it is deleted, so you are never locked in.',
  },
  {
    question: 'Do you help us move from our current systems?',
    answer:
      'Yes. During onboarding we help you import pupil, staff and family records from spreadsheets or CSV exports of your existing systems, and our user guides and training videos take your team through each area step by step.',
  },
];

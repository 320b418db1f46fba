import type { ColumnType, Generated } from 'kysely';
import type { CreatedAt } from './core';

/** One link button of an instance portal's front page. */
export type FrontPageLink = { label: string; url: string };

/** Branding of one organization or one instance (exactly one of the two ids is set). Null = not set. */
export type BrandingsTable = {
  id: Generated<number>;
  organization_id: number | null;
  instance_id: number | null;
  company_name: string | null;
  tagline: string | null;
  primary_color: string | null;
  secondary_color: string | null;
  accent_color: string | null;
  nav_text_color: string | null;
  nav_text_hover_color: string | null;
  nav_background_color: string | null;
  footer_text: string | null;
  email_template_header: string | null;
  email_template_footer: string | null;
  custom_css: string | null;
  /** Storage keys of the uploaded files. */
  logo_path: string | null;
  favicon_path: string | null;
  /** The instance portal's front page (issue 40); instance rows only. */
  front_page_headline: string | null;
  front_page_welcome_text: string | null;
  front_page_links: ColumnType<FrontPageLink[], string | undefined, string>;
  front_page_contact_email: string | null;
  front_page_contact_phone: string | null;
  front_page_contact_address: string | null;
  front_page_page_title: string | null;
  updated_at: CreatedAt;
};

export type BrandingTables = { brandings: BrandingsTable };

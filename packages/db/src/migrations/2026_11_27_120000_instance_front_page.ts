import type { Kysely } from 'kysely';
import { runSql } from '../run-sql';

/**
 * The front page of an instance's portal (issue 40): what the school's own door says, stored on
 * the instance's branding row (organization rows leave them empty). Null = not set, the page
 * falls back to the organization's name; links are [{label, url}] (https only, at most six,
 * checked by the API).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await runSql(
    db,
    `
    ALTER TABLE brandings ADD COLUMN front_page_headline text;
    ALTER TABLE brandings ADD COLUMN front_page_welcome_text text;
    ALTER TABLE brandings ADD COLUMN front_page_links jsonb NOT NULL DEFAULT '[]'::jsonb;
    ALTER TABLE brandings ADD COLUMN front_page_contact_email text;
    ALTER TABLE brandings ADD COLUMN front_page_contact_phone text;
    ALTER TABLE brandings ADD COLUMN front_page_contact_address text;
    ALTER TABLE brandings ADD COLUMN front_page_page_title text
  `,
  );
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await runSql(
    db,
    `
    ALTER TABLE brandings DROP COLUMN front_page_headline;
    ALTER TABLE brandings DROP COLUMN front_page_welcome_text;
    ALTER TABLE brandings DROP COLUMN front_page_links;
    ALTER TABLE brandings DROP COLUMN front_page_contact_email;
    ALTER TABLE brandings DROP COLUMN front_page_contact_phone;
    ALTER TABLE brandings DROP COLUMN front_page_contact_address;
    ALTER TABLE brandings DROP COLUMN front_page_page_title
  `,
  );
}

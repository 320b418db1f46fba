import type { Kysely } from 'kysely';
import { runSql } from '../run-sql';

/** Branding per organization or per instance. */
export async function up(db: Kysely<unknown>): Promise<void> {
  await runSql(
    db,
    `
    CREATE TABLE brandings (
      id integer GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
      organization_id integer REFERENCES organizations(id) ON DELETE CASCADE,
      instance_id integer REFERENCES instances(id) ON DELETE CASCADE,
      company_name text,
      tagline text,
      primary_color text,
      secondary_color text,
      accent_color text,
      nav_text_color text,
      nav_text_hover_color text,
      nav_background_color text,
      footer_text text,
      email_template_header text,
      email_template_footer text,
      custom_css text,
      logo_path text,
      favicon_path text,
      updated_at timestamptz NOT NULL DEFAULT now(),
      CHECK ((organization_id IS NULL) <> (instance_id IS NULL))
    );
    CREATE UNIQUE INDEX brandings_organization_unique ON brandings (organization_id) WHERE organization_id IS NOT NULL;
    CREATE UNIQUE INDEX brandings_instance_unique ON brandings (instance_id) WHERE instance_id IS NOT NULL
  `,
  );
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await runSql(db, 'DROP TABLE brandings');
}

import { sql, type Kysely } from 'kysely';
import { runSql } from '../run-sql';

/**
 * Health checks counted per instance and UTC day (issue 23): the instances list's 30-day uptime
 * bars read at most 30 rows per instance instead of aggregating ~4,000 checks each. Statement
 * triggers with transition tables keep it equal to the checks (one grouped upsert per INSERT or
 * DELETE statement, so the demo seed's and the prune's bulk statements stay cheap); it is
 * rebuilt from the existing checks here.
 */
const TABLE = `
  CREATE TABLE instance_health_days (
    instance_id integer NOT NULL REFERENCES instances (id) ON DELETE CASCADE,
    day date NOT NULL,
    checks integer NOT NULL,
    healthy integer NOT NULL,
    PRIMARY KEY (instance_id, day)
  )`;

/** Each runs as one statement (runSql would split the function bodies at their semicolons). */
const FUNCTIONS_AND_TRIGGERS = [
  `
  CREATE FUNCTION scmp_health_days_add() RETURNS trigger LANGUAGE plpgsql AS $$
  BEGIN
    INSERT INTO instance_health_days AS d (instance_id, day, checks, healthy)
    SELECT instance_id, (checked_at AT TIME ZONE 'UTC')::date, count(*),
           count(*) FILTER (WHERE healthy)
    FROM added GROUP BY 1, 2
    ON CONFLICT (instance_id, day) DO UPDATE
      SET checks = d.checks + EXCLUDED.checks, healthy = d.healthy + EXCLUDED.healthy;
    RETURN NULL;
  END $$`,
  `
  CREATE FUNCTION scmp_health_days_remove() RETURNS trigger LANGUAGE plpgsql AS $$
  BEGIN
    UPDATE instance_health_days d
      SET checks = d.checks - r.checks, healthy = d.healthy - r.healthy
    FROM (
      SELECT instance_id, (checked_at AT TIME ZONE 'UTC')::date AS day, count(*) AS checks,
             count(*) FILTER (WHERE healthy) AS healthy
      FROM removed GROUP BY 1, 2
    ) r
    WHERE d.instance_id = r.instance_id AND d.day = r.day;
    DELETE FROM instance_health_days d
    USING (SELECT DISTINCT instance_id, (checked_at AT TIME ZONE 'UTC')::date AS day FROM removed) r
    WHERE d.instance_id = r.instance_id AND d.day = r.day AND d.checks <= 0;
    RETURN NULL;
  END $$`,
  `CREATE TRIGGER instance_health_days_add AFTER INSERT ON instance_health_checks
     REFERENCING NEW TABLE AS added FOR EACH STATEMENT EXECUTE FUNCTION scmp_health_days_add()`,
  `CREATE TRIGGER instance_health_days_remove AFTER DELETE ON instance_health_checks
     REFERENCING OLD TABLE AS removed FOR EACH STATEMENT EXECUTE FUNCTION scmp_health_days_remove()`,
  `INSERT INTO instance_health_days (instance_id, day, checks, healthy)
   SELECT instance_id, (checked_at AT TIME ZONE 'UTC')::date, count(*),
          count(*) FILTER (WHERE healthy)
   FROM instance_health_checks GROUP BY 1, 2`,
];

export async function up(db: Kysely<unknown>): Promise<void> {
  await sql.raw(TABLE).execute(db);
  for (const statement of FUNCTIONS_AND_TRIGGERS) await sql.raw(statement).execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await runSql(
    db,
    `DROP TRIGGER instance_health_days_add ON instance_health_checks;
     DROP TRIGGER instance_health_days_remove ON instance_health_checks;
     DROP FUNCTION scmp_health_days_add(); DROP FUNCTION scmp_health_days_remove();
     DROP TABLE instance_health_days`,
  );
}

import { DataDirLockedError } from '@scmp/db';
import { openRuntime } from './bootstrap';
import { ConfigError, loadConfig } from './config';
import { removeDemoData } from './seed/demo-removal';
import { seedDemoData } from './seed/index';

const USAGE = `Usage:
  npm run db:migrate              apply pending migrations
  npm run db:seed                 add the demo data to an empty database (local mode only)
  npm run db:remove-demo          delete the demo accounts and everything they own
  npm run staff:grant -- <email>  give a user access to the staff console`;

async function run(command: string | undefined, args: string[]): Promise<number> {
  if (!command || !['migrate', 'seed', 'remove-demo', 'grant-staff'].includes(command)) {
    console.error(USAGE);
    return 2;
  }
  const config = loadConfig();
  if (command === 'seed' && config.appEnv === 'production') {
    console.error(
      'Refusing to seed demo data in production (APP_ENV=production): the demo accounts share a published password.',
    );
    return 1;
  }
  const { deps, handle } = await openRuntime(config);
  try {
    if (command === 'migrate') {
      console.log('Migrations are up to date.');
      return 0;
    }
    if (command === 'seed') {
      const seeded = await seedDemoData(deps);
      console.log(
        seeded ? 'Demo data created.' : 'The database already has users: nothing seeded.',
      );
      return 0;
    }
    if (command === 'remove-demo') {
      const removed = await removeDemoData(deps);
      if (removed.users.length === 0) {
        console.log('No demo accounts found: nothing removed.');
        return 0;
      }
      console.log(
        [
          `Removed the demo accounts ${removed.users.join(', ')} and what they owned:`,
          `  ${removed.organizations} organizations, ${removed.instances} instances, ${removed.subscriptions} subscriptions, ${removed.invoices} invoices,`,
          `  ${removed.tickets} support tickets, ${removed.activityEvents} activity events, ${removed.files} uploaded files.`,
        ].join('\n'),
      );
      return 0;
    }
    const email = args[0]?.trim().toLowerCase();
    if (!email) {
      console.error(USAGE);
      return 2;
    }
    const result = await deps.db
      .updateTable('users')
      .set({ is_staff: true })
      .where('email', '=', email)
      .executeTakeFirst();
    if (Number(result.numUpdatedRows) === 0) {
      console.error(`No user with the e-mail ${email}.`);
      return 1;
    }
    console.log(`${email} is now staff.`);
    return 0;
  } finally {
    await handle.close();
  }
}

run(process.argv[2], process.argv.slice(3))
  .then((code) => process.exit(code))
  .catch((error: unknown) => {
    console.error(
      error instanceof ConfigError || error instanceof DataDirLockedError ? error.message : error,
    );
    process.exit(1);
  });

import { DataDirLockedError } from '@scmp/db';
import { backupCommand, restoreCommand } from './backup/backup-commands';
import { BackupError } from './backup/run-tool';
import { openRuntime } from './bootstrap';
import { ConfigError, loadConfig } from './config';
import { removeDemoData } from './seed/demo-removal';
import { seedDemoData } from './seed';

const USAGE = `Usage:
  npm run db:migrate              apply pending migrations
  npm run db:seed                 add the demo data to an empty database (local mode only)
  npm run db:remove-demo          delete the demo accounts and everything they own
  npm run db:backup [-- <file>]   write a backup of the database and uploaded files
  npm run db:restore -- <file> [--force]
                                  restore a backup into an empty database and uploads folder
  npm run staff:grant -- <email>  give a user access to the staff console`;

async function run(command: string | undefined, args: string[]): Promise<number> {
  const commands = ['migrate', 'seed', 'remove-demo', 'grant-staff', 'backup', 'restore'];
  if (!command || !commands.includes(command)) {
    console.error(USAGE);
    return 2;
  }
  const config = loadConfig();
  if (command === 'restore') return restoreCommand(config, args, USAGE);
  if (command === 'seed' && config.appEnv === 'production') {
    console.error(
      'Refusing to seed demo data in production (APP_ENV=production): the demo accounts share a published password.',
    );
    return 1;
  }
  const { deps, handle } = await openRuntime(config);
  try {
    if (command === 'backup') return await backupCommand(config, handle, args);
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
    const known =
      error instanceof ConfigError ||
      error instanceof DataDirLockedError ||
      error instanceof BackupError;
    console.error(known ? error.message : error);
    if (error instanceof DataDirLockedError && process.argv[2] === 'backup') {
      console.error(
        'A running server backs itself up every night when BACKUP_DIR is set; to take a backup now, stop it, run `npm run db:backup`, and start it again.',
      );
    }
    process.exit(1);
  });

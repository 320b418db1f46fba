// Settings from ./.env (every variable is described in .env.example), read by Node itself
// (process.loadEnvFile, Node ≥ 20.12): no dotenv dependency. A variable already set in the
// environment wins over the file, as with `node --env-file`.
import { existsSync } from 'node:fs';

if (existsSync('.env')) {
  const fromEnvironment = { ...process.env };
  process.loadEnvFile('.env');
  Object.assign(process.env, fromEnvironment);
}

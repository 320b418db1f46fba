// npm run dev: the API server in watch mode on :3001 and Vite with hot reload on :5173 (proxying /api, /trpc).
import { spawn } from 'node:child_process';

const children = [
  spawn('npx', ['tsx', 'watch', '--clear-screen=false', 'apps/server/src/main.ts'], {
    stdio: 'inherit',
    env: { PORT: '3001', APP_URL: 'http://localhost:5173', ...process.env },
  }),
  spawn('npx', ['vite', '--port', '5173'], {
    stdio: 'inherit',
    cwd: 'apps/web',
    env: { SCMP_API_URL: 'http://127.0.0.1:3001', ...process.env },
  }),
];
const stop = () => children.forEach((child) => child.kill('SIGTERM'));
process.on('SIGINT', stop);
process.on('SIGTERM', stop);
children.forEach((child) =>
  child.on('exit', (code) => {
    stop();
    process.exitCode = code ?? 0;
  }),
);

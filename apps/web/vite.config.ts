import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

const apiTarget = process.env.SCMP_API_URL ?? 'http://127.0.0.1:3001';

export default defineConfig({
  plugins: [react()],
  build: {
    outDir: process.env.WEB_OUT_DIR ?? 'dist',
    emptyOutDir: true,
    sourcemap: false,
    chunkSizeWarningLimit: 600,
    // No manual chunks: each lazy page brings only the Mantine components and schemas it uses,
    // so the first visit downloads the shell alone.
  },
  server: {
    port: 5173,
    proxy: {
      '/api': apiTarget,
      '/trpc': apiTarget,
      '/dev': apiTarget,
      '/uploads': apiTarget,
      '/files': apiTarget,
    },
  },
});

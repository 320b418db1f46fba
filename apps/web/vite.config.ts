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
    rollupOptions: {
      output: {
        manualChunks(id) {
          if (
            id.includes('node_modules/@mantine/') ||
            id.includes('node_modules/react') ||
            id.includes('node_modules/scheduler')
          )
            return 'vendor';
          if (id.includes('node_modules/@tanstack/') || id.includes('node_modules/@trpc/'))
            return 'data';
          return undefined;
        },
      },
    },
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

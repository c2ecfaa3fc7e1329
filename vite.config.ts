import { defineConfig } from 'vite';

// The admin console (web/). `npm run dev` runs Vite with the API (port 4000) behind it.
export default defineConfig({
  root: 'web',
  build: { outDir: '../dist/web', emptyOutDir: true },
  server: {
    port: 5173,
    proxy: {
      '/graphql': 'http://localhost:4000',
      '/api': 'http://localhost:4000',
      '/healthz': 'http://localhost:4000',
    },
  },
});

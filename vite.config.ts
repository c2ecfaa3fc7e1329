import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import relay from 'vite-plugin-relay';

// The admin console (web/). `npm run dev` runs Vite with the API (port 4000) behind it.
// vite-plugin-relay turns graphql`` tags into imports of the relay-compiler artifacts in
// web/__generated__ (run `npm run relay` first); @vitejs/plugin-react adds fast refresh.
export default defineConfig({
  root: 'web',
  plugins: [react(), relay],
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

import react from '@vitejs/plugin-react';
import { renameSync, rmSync } from 'node:fs';
import path from 'node:path';
import { defineConfig } from 'vite';
import type { Plugin } from 'vite';
import relay from 'vite-plugin-relay';
import { precompileMessages } from './web/i18n/precompile.ts';
import { CHUNK_GROUPS, reactRouterPureCalls, VENDOR_ALIASES } from './web/vendor/bundle.ts';

const DIST = path.resolve(import.meta.dirname, 'dist');

/**
 * relay-compiler's artifacts name their types in a plain import (`import { ConcreteRequest }
 * from 'relay-runtime'`), which verbatimModuleSyntax keeps as an import of relay-runtime: every
 * chunk with a query or mutation, the sign-in page's too, would load Relay for nothing. Made
 * `import type` here, as they are types (both of them: `FragmentRefs` comes in a second import, in
 * double quotes, which web/vendor/relay-runtime.js does not export).
 */
function relayArtifactTypes(): Plugin {
  return {
    name: 'feedboard-relay-artifact-types',
    enforce: 'pre',
    transform(code, id) {
      if (!/[\\/]__generated__[\\/][^\\/]+\.graphql\.ts$/.test(id)) return null;
      return code.replace(
        /^import \{([^}]*)\} from ['"]relay-runtime['"];$/gm,
        "import type {$1} from 'relay-runtime';",
      );
    },
  };
}

/** dist/web/.vite/manifest.json to dist/web-manifest.json, out of what the server serves. */
function moveManifest(): Plugin {
  return {
    name: 'feedboard-move-manifest',
    apply: 'build',
    closeBundle() {
      renameSync(path.join(DIST, 'web/.vite/manifest.json'), path.join(DIST, 'web-manifest.json'));
      rmSync(path.join(DIST, 'web/.vite'), { recursive: true, force: true });
    },
  };
}

// The admin console (web/). `npm run dev` runs Vite with the API (port 4000) behind it.
// vite-plugin-relay turns graphql`` tags into imports of the relay-compiler artifacts in
// web/__generated__ (run `npm run relay` first); @vitejs/plugin-react adds fast refresh.
export default defineConfig({
  root: 'web',
  plugins: [
    reactRouterPureCalls(),
    precompileMessages(),
    relayArtifactTypes(),
    react(),
    relay,
    moveManifest(),
  ],
  resolve: { alias: VENDOR_ALIASES },
  build: {
    outDir: '../dist/web',
    emptyOutDir: true,
    // Which chunks each module needs, for `npm run console:size` (web/size/).
    manifest: true,
    rolldownOptions: { output: { codeSplitting: { groups: CHUNK_GROUPS } } },
  },
  server: {
    port: 5173,
    proxy: {
      '/graphql': 'http://localhost:4000',
      '/api': 'http://localhost:4000',
      '/healthz': 'http://localhost:4000',
    },
  },
});

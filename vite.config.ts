import { cloudflare } from '@cloudflare/vite-plugin';
import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { VitePWA } from 'vite-plugin-pwa';

/**
 * The end-to-end suite runs the real dev server against its own local D1 and Durable Object state
 * (SCAVENGER_E2E_STATE), so it never touches a developer's data.
 */
const e2eState = process.env.SCAVENGER_E2E_STATE;

export default defineConfig({
  plugins: [
    react(),
    tailwindcss(),
    // The service worker (client/sw/sw.ts; docs/design.md section 8.7): built with the precache list of the
    // shell's hashed files. Pages are never precached: they always come from the network, or the offline page.
    VitePWA({
      strategies: 'injectManifest',
      srcDir: 'client/sw',
      filename: 'sw.ts',
      injectRegister: false,
      manifest: false,
      injectManifest: { globPatterns: ['assets/**/*.{js,css}', '*.{svg,png}'] },
      // The development server serves it too, so the e2e suite tests the same worker.
      devOptions: { enabled: true, type: 'module' },
    }),
    cloudflare({
      inspectorPort: false,
      persistState: e2eState ? { path: e2eState } : true,
    }),
  ],
  build: { outDir: 'dist' },
  // Scan every lazy route up front: otherwise the first visit to a route with a new dependency makes Vite
  // re-bundle and reload the page mid-request, which breaks whatever the player (or a test) was doing.
  optimizeDeps: { entries: ['index.html', 'client/**/*.tsx'] },
});

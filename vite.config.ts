import { cloudflare } from '@cloudflare/vite-plugin';
import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

// SCAVENGER_STATE_DIR lets the end-to-end suite run against its own local D1 and Durable Object state.
const stateDir = process.env.SCAVENGER_STATE_DIR;

export default defineConfig({
  plugins: [react(), tailwindcss(), cloudflare({ persistState: stateDir ? { path: stateDir } : true, inspectorPort: false })],
  build: { outDir: 'dist' },
});

// The reference portal's build: Vite bundles web/ into web/dist/, which the service serves at `/`
// (src/portal-web/). Preact's JSX through Vite's own transformer (no Babel preset needed).
import { defineConfig } from 'vite';

export default defineConfig({
  root: import.meta.dirname,
  base: '/',
  oxc: { jsx: { runtime: 'automatic', importSource: 'preact' } },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    manifest: true,
    target: 'es2022',
    sourcemap: true,
    // keep every asset a file of this origin: the page's CSP allows data: images only
    assetsInlineLimit: 0,
  },
  server: {
    // `npx vite web` during development: the API from a service running on :3000
    proxy: { '/api': 'http://127.0.0.1:3000' },
  },
});

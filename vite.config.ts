import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vite';

/**
 * The web app (src/web): built to dist/web as static files with relative paths, so that it runs from any
 * static host, from `snug web`, and offline. The library is the CLI's own: the one module that touches Node
 * (src/platform/host.ts) is swapped for its browser twin (host.browser.ts), nothing else.
 */
const version = (JSON.parse(readFileSync(new URL('./package.json', import.meta.url), 'utf8')) as { version: string }).version;
const hostModule = fileURLToPath(new URL('./src/platform/host.ts', import.meta.url));
const browserHost = fileURLToPath(new URL('./src/platform/host.browser.ts', import.meta.url));

export default defineConfig({
  root: 'src/web',
  base: './',
  publicDir: false,
  define: { __SNUG_VERSION__: JSON.stringify(version) },
  resolve: {
    alias: [{ find: /^.*\/platform\/host\.(?:js|ts)$/, replacement: browserHost }],
  },
  worker: { format: 'es' },
  build: {
    outDir: '../../dist/web',
    emptyOutDir: true,
    target: 'es2022',
    chunkSizeWarningLimit: 1500,
  },
  server: { fs: { allow: ['../..'] } },
});

import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { createHash } from 'node:crypto';
import type { Plugin } from 'vite';
import { defineConfig } from 'vite';

/**
 * The web app (src/web): built to dist/web as static files with relative paths, so that it runs from any
 * static host, from `snug web`, and offline. The library is the CLI's own: the one module that touches Node
 * (src/platform/host.ts) is swapped for its browser twin (host.browser.ts), nothing else.
 */
const version = (JSON.parse(readFileSync(new URL('./package.json', import.meta.url), 'utf8')) as { version: string }).version;
const browserHost = fileURLToPath(new URL('./src/platform/host.browser.ts', import.meta.url));

/** dist/web/sw.js: the service worker (src/web/service-worker.js) with the list of the build's files to keep. */
function serviceWorker(): Plugin {
  return {
    name: 'snug-service-worker',
    apply: 'build',
    generateBundle(_options, bundle) {
      const assets = ['./', ...Object.keys(bundle).map((file) => `./${file}`)].sort();
      const cache = `snug-${version}-${createHash('sha256').update(assets.join('\n')).digest('hex').slice(0, 12)}`;
      const source = readFileSync(new URL('./src/web/service-worker.js', import.meta.url), 'utf8');
      this.emitFile({ type: 'asset', fileName: 'sw.js', source: `const ASSETS = ${JSON.stringify(assets)};\nconst CACHE = ${JSON.stringify(cache)};\n${source}` });
    },
  };
}

export default defineConfig({
  plugins: [serviceWorker()],
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

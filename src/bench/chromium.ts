/**
 * Real Chromium for the web app's end-to-end tests and the benchmark's browser row: Debian's `chromium`
 * package (or the browser SNUG_CHROMIUM names) driven by playwright-core, headless, with the flags a
 * machine without network and without GPU needs (WebGL then runs on SwiftShader). Also `snug web` started
 * on a free port, as a user starts it.
 */
import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import type { Browser } from 'playwright-core';

export function chromiumPath(): string {
  const path = process.env.SNUG_CHROMIUM ?? '/usr/bin/chromium';
  if (!existsSync(path)) throw new Error(`no Chromium at ${path}: install Debian's chromium package (apt-get install chromium), or name one in SNUG_CHROMIUM`);
  return path;
}

export async function launchChromium(): Promise<Browser> {
  const { chromium } = await import('playwright-core');
  return chromium.launch({
    executablePath: chromiumPath(),
    args: [
      '--no-sandbox',
      '--disable-gpu',
      '--use-angle=swiftshader',
      '--enable-unsafe-swiftshader',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
      '--no-first-run',
      '--disable-quic',
    ],
  });
}

/** `snug web --port 0` from the built command line tool: resolves with its address once it listens. */
export async function startWebServer(): Promise<{ url: string; stop: () => Promise<void> }> {
  const cli = fileURLToPath(new URL(import.meta.url.endsWith('.ts') ? '../../dist/cli/snug.js' : '../cli/snug.js', import.meta.url));
  const child = spawn(process.execPath, [cli, 'web', '--port', '0'], { stdio: ['ignore', 'pipe', 'pipe'] });
  let output = '';
  const url = await new Promise<string>((resolve, reject) => {
    child.stdout.on('data', (chunk: Buffer) => {
      output += chunk.toString();
      const found = /http:\/\/[^\s]+/.exec(output);
      if (found) resolve(found[0]);
    });
    child.stderr.on('data', (chunk: Buffer) => { output += chunk.toString(); });
    child.once('exit', (code) => reject(new Error(`snug web ended (${code}): ${output}`)));
  });
  return {
    url,
    stop: () => new Promise<void>((resolve) => {
      if (child.exitCode !== null) return resolve();
      child.once('exit', () => resolve());
      child.kill('SIGINT');
    }),
  };
}

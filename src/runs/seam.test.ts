import { readdirSync, readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';

/**
 * The seam between long runs and the platform, read from the sources: runs/ says what checkpoints, plans
 * and queues mean, platform/ carries them (files, threads, Redis). So no module of runs/ imports Node or a
 * package that needs it, and platform/ imports nothing of the library (it did: a circle through host.ts).
 * Type imports count too: a type of ioredis in runs/ would tie its meaning to one transport.
 */
const NODE_ONLY = /^(node:|bullmq$|ioredis$)/;

function importsOf(folder: string): { file: string; from: string }[] {
  const dir = new URL(`../${folder}/`, import.meta.url);
  return readdirSync(dir)
    .filter((f) => f.endsWith('.ts') && !f.endsWith('.test.ts'))
    .flatMap((file) => {
      const text = readFileSync(new URL(file, dir), 'utf8');
      const found = [...text.matchAll(/(?:^|\n)\s*(?:import|export)\b[^'";]*?from\s*'([^']+)'|import\(\s*'([^']+)'\s*\)/g)];
      return found.map((m) => ({ file: `${folder}/${file}`, from: (m[1] ?? m[2])! }));
    });
}

describe('the seam between runs/ and platform/', () => {
  it('runs/ imports neither Node nor a package that needs it', () => {
    const runs = importsOf('runs');
    expect(runs.length).toBeGreaterThan(50);
    expect(runs.filter((i) => NODE_ONLY.test(i.from))).toEqual([]);
  });

  it('platform/ imports nothing of the library', () => {
    const platform = importsOf('platform');
    expect(platform.some((i) => i.from === './types.js')).toBe(true);
    expect(platform.filter((i) => i.from.startsWith('../'))).toEqual([]);
  });
});

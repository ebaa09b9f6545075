/**
 * The probe's files (issue 25, section 1) given to the built command, as a user gives them, under a heap of
 * 100 MB: each is refused with one line and exit code 2 (a reader that parsed before it checked dies of the
 * heap limit, exit 134, within seconds).
 */
import { spawnSync } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { shapeReferencedOften, tenMillionVoxelBoard, yamlWithLongList } from '../test-support/big-inputs.js';

const bin = fileURLToPath(new URL('../../dist/cli/snug.js', import.meta.url));
const dir = mkdtempSync(join(tmpdir(), 'snug-limits-'));

function showWithHeapCap(name: string, data: string | Uint8Array): { code: number | null; stderr: string } {
  const path = join(dir, name);
  writeFileSync(path, data);
  const r = spawnSync(process.execPath, ['--max-old-space-size=100', bin, 'show', path], { encoding: 'utf8', timeout: 60_000, env: { ...process.env, NO_COLOR: '1' } });
  return { code: r.status, stderr: r.stderr.replace(path, name) };
}

describe('snug show refuses the probe\'s files with one line, within a heap of 100 MB', () => {
  const cases: [string, () => string | Uint8Array, string][] = [
    ['big.yaml', () => yamlWithLongList(3_500_000), 'big.yaml: is 21000063 bytes: more than the limit of 20 MB'],
    ['long.yaml', () => yamlWithLongList(1_630_000), 'long.yaml:5: more than 50000 YAML values (list items, keys, numbers): more than the limit for a puzzle (draw large shapes as art, one value however large)'],
    ['often.xmpuzzle', shapeReferencedOften, 'often.xmpuzzle: the pieces have more than 1000000 voxels in all (each piece of the problem counted once): more than the limit of 1000000'],
    ['board.xmpuzzle', tenMillionVoxelBoard, 'board.xmpuzzle: the result shape S1 has 10000000 voxels: more than the limit of 1000000'],
  ];
  for (const [name, make, message] of cases) {
    it(name, () => {
      const r = showWithHeapCap(name, make());
      expect(r.stderr).toBe(`snug: ${message}\n`);
      expect(r.code).toBe(2);
    });
  }
});

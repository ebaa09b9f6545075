import { execFile } from 'node:child_process';
import { chmodSync, existsSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';
import { parseAllDocuments } from 'yaml';

/**
 * The array-job templates of examples/ (README: Many machines), run here as their batch systems would
 * run them: the Slurm scripts through a stand-in `sbatch` that runs each array task in turn with Slurm's
 * variables, and the Kubernetes Jobs' scripts with JOB_COMPLETION_INDEX set as the Indexed Job sets it.
 * Each run's merged count must be the puzzle's published one.
 */
const run = promisify(execFile);
const root = fileURLToPath(new URL('../../', import.meta.url));
const bin = join(root, 'dist/cli/snug.js');
// snug as the templates run it: the built command, on this Node
const SNUG = `${process.execPath} ${bin}`;
// 4,040 tilings of the 5x12 rectangle by the 12 pentominoes (1,010 up to symmetry)
const PUZZLE = 'pentomino-5x12';
const PUBLISHED = 4040;
const PUBLISHED_UNIQUE = 1010;

function plainEnv(extra: Record<string, string>): NodeJS.ProcessEnv {
  return { ...Object.fromEntries(Object.entries(process.env).filter(([k]) => !k.startsWith('npm_'))), NO_COLOR: '1', ...extra };
}

/**
 * A stand-in for sbatch: `--array=A-B` runs the script once per task, in turn, with SLURM_ARRAY_TASK_ID,
 * _MIN, _MAX, _COUNT, SLURM_ARRAY_JOB_ID and SLURM_CPUS_PER_TASK set; anything else runs it once (a
 * --dependency on an array is met: the array ran first). Prints a job id, as --parsable does, and
 * fails when a task fails. Every call is logged to $FAKE_SLURM_LOG.
 */
const FAKE_SBATCH = `#!/usr/bin/env bash
set -euo pipefail
echo "sbatch $*" >> "$FAKE_SLURM_LOG"
array=""; script=""
for a in "$@"; do
  case "$a" in
    --array=*) array=\${a#--array=} ;;
    -*) ;;
    *) script=$a ;;
  esac
done
id=$(( $(wc -l < "$FAKE_SLURM_LOG") + 100 ))
if [ -n "$array" ]; then
  first=\${array%-*}; last=\${array#*-}
  for ((i = first; i <= last; i++)); do
    SLURM_ARRAY_JOB_ID=$id SLURM_ARRAY_TASK_ID=$i SLURM_ARRAY_TASK_MIN=$first SLURM_ARRAY_TASK_MAX=$last \\
      SLURM_ARRAY_TASK_COUNT=$(( last - first + 1 )) SLURM_CPUS_PER_TASK=1 bash "$script" > /dev/null
  done
else
  SLURM_JOB_ID=$id bash "$script" > /dev/null
fi
echo "$id"
`;

describe('array jobs: the templates of examples/', () => {
  it('Slurm: submit.sh runs N shards as an array job and merges them after it; a task run again resumes its checkpoint', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'snug-slurm-'));
    const fake = join(dir, 'bin');
    await run('mkdir', ['-p', fake]);
    writeFileSync(join(fake, 'sbatch'), FAKE_SBATCH);
    chmodSync(join(fake, 'sbatch'), 0o755);
    const log = join(dir, 'sbatch.log');
    writeFileSync(log, '');
    const env = plainEnv({ PATH: `${fake}:${process.env.PATH}`, SNUG, FAKE_SLURM_LOG: log });
    const submitted = await run(join(root, 'examples/slurm/submit.sh'), [PUZZLE, '3', '--count'], { cwd: dir, env });
    expect(submitted.stdout).toMatch(/array 1-3/);
    // the array, then the merge, on the array's job id
    const calls = readFileSync(log, 'utf8').trim().split('\n');
    expect(calls).toHaveLength(2);
    expect(calls[0]).toMatch(/--array=1-3 .*snug-shard\.sbatch$/);
    expect(calls[1]).toMatch(/--dependency=afterok:101 .*snug-merge\.sbatch$/);
    const out = join(dir, 'snug-shards');
    const result = JSON.parse(readFileSync(join(out, 'result.json'), 'utf8'));
    expect(result).toMatchObject({ solutions: PUBLISHED, complete: true, shards: 3 });
    for (const k of [1, 2, 3]) expect(existsSync(join(out, `shard-${k}.checkpoint`))).toBe(true);
    // task 2 run again (requeued): it goes on from its finished checkpoint, to the same output
    const before = JSON.parse(readFileSync(join(out, 'shard-2.json'), 'utf8'));
    await run('bash', [join(root, 'examples/slurm/snug-shard.sbatch')], {
      cwd: dir,
      env: { ...env, SNUG_PUZZLE: PUZZLE, SNUG_OUT: 'snug-shards', SLURM_ARRAY_TASK_ID: '2', SLURM_ARRAY_TASK_MIN: '1', SLURM_ARRAY_TASK_MAX: '3' },
    });
    const again = JSON.parse(readFileSync(join(out, 'shard-2.json'), 'utf8'));
    expect(again.shard).toEqual(before.shard);
    expect(again.solutions).toBe(before.solutions);
    // a second submission into the same folder is refused: that run is done
    await expect(run(join(root, 'examples/slurm/submit.sh'), [PUZZLE, '3'], { cwd: dir, env })).rejects.toMatchObject({ code: 2 });
  });

  it('Kubernetes: the Indexed Job\'s pods (JOB_COMPLETION_INDEX 0..N-1) and the merge Job give the whole count', async () => {
    const docs = parseAllDocuments(readFileSync(join(root, 'examples/kubernetes/snug-shards.yaml'), 'utf8')).map((d) => d.toJS());
    const shards = docs.find((d) => d.kind === 'Job' && d.metadata.name === 'snug-shards');
    const merge = docs.find((d) => d.kind === 'Job' && d.metadata.name === 'snug-merge');
    expect(shards.spec.completionMode).toBe('Indexed');
    const n: number = shards.spec.completions;
    const shardPod = shards.spec.template.spec.containers[0];
    const envOf = (container: { env?: { name: string; value: string }[] }): Record<string, string> =>
      Object.fromEntries((container.env ?? []).map((e) => [e.name, e.value]));
    // N is written in three places: they agree
    expect(Number(envOf(shardPod).SNUG_SHARDS)).toBe(n);
    expect(Number(envOf(merge.spec.template.spec.initContainers[0]).SNUG_SHARDS)).toBe(n);
    const dir = mkdtempSync(join(tmpdir(), 'snug-k8s-'));
    const base = { SNUG, SNUG_OUT: dir, SNUG_PUZZLE: PUZZLE, SNUG_WORKERS: '1' };
    const script = (container: { command: string[]; args: string[] }): [string, string[]] => [container.command[0]!, [...container.command.slice(1), ...container.args]];
    for (let index = 0; index < n; index++) {
      const [cmd, args] = script(shardPod);
      await run(cmd, args, { env: plainEnv({ ...envOf(shardPod), ...base, JOB_COMPLETION_INDEX: String(index) }) });
    }
    const waiting = merge.spec.template.spec.initContainers[0];
    await run(...script(waiting), { env: plainEnv({ ...envOf(waiting), ...base }), timeout: 30_000 });
    const merger = merge.spec.template.spec.containers[0];
    const merged = await run(...script(merger), { env: plainEnv({ ...envOf(merger), ...base }) });
    // (the manifest's options, which count up to symmetry)
    expect(envOf(shardPod).SNUG_OPTIONS).toBe('--unique --count');
    expect(JSON.parse(merged.stdout)).toMatchObject({ solutions: PUBLISHED_UNIQUE, complete: true, shards: n });
  });
});

import { existsSync, readFileSync } from 'node:fs';

let version: string | undefined;

/**
 * snug's version, from the package.json of the package this module was loaded from (found by walking up
 * from it, which works for the built library and for the bundled command line tool alike). Checkpoints
 * and shard results carry it: a plan is only valid for the version that made it.
 */
export function snugVersion(): string {
  if (version === undefined) {
    for (let up = '../'; up.length <= 12; up += '../') {
      const url = new URL(`${up}package.json`, import.meta.url);
      if (!existsSync(url)) continue;
      const pkg = JSON.parse(readFileSync(url, 'utf8')) as { name?: string; version?: string };
      if (pkg.name === 'snug' && pkg.version) {
        version = pkg.version;
        break;
      }
    }
    version ??= '0.0.0';
  }
  return version;
}

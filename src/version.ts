import { packageVersion } from './platform/host.js';

/**
 * snug's version (platform/host.ts finds it: package.json for Node, the build for the web app). Checkpoints
 * and shard results carry it: a plan is only valid for the version that made it.
 */
export function snugVersion(): string {
  return packageVersion();
}

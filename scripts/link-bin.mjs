// `npm install`'s last step (after the build, in `prepare`): node_modules/.bin/snug points at the built
// command, so that `npx snug` in the repository runs it at once. Without the link npx found no local bin
// named snug and installed the repository as a package of its own, building it again (50 s).
// `node scripts/link-bin.mjs [ROOT]` links ROOT's (the repository's by default).
import { existsSync, lstatSync, mkdirSync, rmSync, symlinkSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = resolve(process.argv[2] ?? join(dirname(fileURLToPath(import.meta.url)), '..'));
const bin = join(root, 'dist', 'cli', 'snug.cjs');
const link = join(root, 'node_modules', '.bin', 'snug');
if (!existsSync(bin)) {
  console.error(`link-bin: ${bin} is not built (run npm run build)`);
  process.exit(1);
}
mkdirSync(dirname(link), { recursive: true });
// a link left by an earlier install, or npm's own, is replaced
if (existsSync(link) || lstatSync(link, { throwIfNoEntry: false })) rmSync(link, { force: true });
symlinkSync(relative(dirname(link), bin), link);

// The build's stamp: a hash of everything the build reads (the sources but the tests, the catalog, the
// build scripts, the configuration and the lock file), written to dist/build-stamp by `npm run build`.
// `npm test` builds only when the stamp differs: on a fresh clone `npm ci` (or `npm install`) has just
// built snug in `prepare`, and building it again cost the test command 22 s.
//
//   node scripts/build-stamp.mjs clear    forget the stamp (the build's first step: a build cut short is stale)
//   node scripts/build-stamp.mjs write    record the stamp of the sources as they are (the build's last step)
//   node scripts/build-stamp.mjs fresh    exit 0 when dist was built from the sources as they are, 1 otherwise
import { createHash } from 'node:crypto';
import { existsSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = join(fileURLToPath(import.meta.url), '..', '..');
const stampFile = join(root, 'dist', 'build-stamp');
const ROOT_FILES = ['package.json', 'package-lock.json', 'tsconfig.json', 'tsconfig.build.json', 'vite.config.ts'];

/** The files under dir, sorted, but tests and their support (no build step reads them). */
function sources(dir) {
  const out = [];
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) {
      if (relative(root, path) !== join('src', 'test-support')) out.push(...sources(path));
    } else if (!entry.name.endsWith('.test.ts')) {
      out.push(path);
    }
  }
  return out.sort();
}

function stamp() {
  const hash = createHash('sha256');
  for (const file of [...ROOT_FILES.map((f) => join(root, f)), ...['src', 'catalog', 'scripts'].flatMap((d) => sources(join(root, d)))]) {
    if (!existsSync(file)) continue;
    hash.update(relative(root, file)).update('\0').update(readFileSync(file)).update('\0');
  }
  return hash.digest('hex');
}

const mode = process.argv[2];
if (mode === 'clear') {
  rmSync(stampFile, { force: true });
} else if (mode === 'write') {
  writeFileSync(stampFile, `${stamp()}\n`);
} else if (mode === 'fresh') {
  const fresh = existsSync(stampFile) && readFileSync(stampFile, 'utf8').trim() === stamp();
  if (fresh) console.log('build-stamp: dist was built from these sources; not building again');
  process.exit(fresh ? 0 : 1);
} else {
  console.error('usage: node scripts/build-stamp.mjs clear|write|fresh');
  process.exit(2);
}

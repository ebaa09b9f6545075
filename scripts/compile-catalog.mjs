// Build step (`npm run build`, after tsc): parses every catalog file once and writes each model to
// dist/catalog/NAME.json with the fingerprint of its YAML text, so that solving a catalog puzzle need not
// load the YAML parser, and reads one small file (dist/catalog.json holds them all, for the editor's
// development page). An entry whose fingerprint no longer matches its file is ignored: the file is parsed
// instead (puzzle/catalog.ts).
import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { catalogFileNames, compiledCatalogDir, compiledCatalogPath, readCatalogFile } from '../dist/platform/catalog-files.js';
import { textHash } from '../dist/puzzle/catalog.js';
import { parsePuzzle } from '../dist/puzzle/format.js';

const compiled = Object.fromEntries(
  catalogFileNames().map((name) => {
    const { text, path } = readCatalogFile(name);
    return [name, { hash: textHash(text), puzzle: parsePuzzle(text, path) }];
  }),
);
const dir = fileURLToPath(compiledCatalogDir());
rmSync(dir, { recursive: true, force: true });
mkdirSync(dir, { recursive: true });
for (const [name, entry] of Object.entries(compiled)) writeFileSync(`${dir}${name}.json`, JSON.stringify(entry));
writeFileSync(fileURLToPath(compiledCatalogPath()), JSON.stringify(compiled));

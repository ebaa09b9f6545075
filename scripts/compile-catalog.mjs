// Build step (`npm run build`, after tsc): parses every catalog file once and writes the models to
// dist/catalog.json, each with the fingerprint of its YAML text, so that solving a catalog puzzle need not
// load the YAML parser. An entry whose fingerprint no longer matches its file is ignored: the file is
// parsed instead (puzzle/catalog.ts).
import { writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { catalogFileNames, compiledCatalogPath, readCatalogFile } from '../dist/platform/catalog-files.js';
import { textHash } from '../dist/puzzle/catalog.js';
import { parsePuzzle } from '../dist/puzzle/format.js';

const compiled = Object.fromEntries(
  catalogFileNames().map((name) => {
    const { text, path } = readCatalogFile(name);
    return [name, { hash: textHash(text), puzzle: parsePuzzle(text, path) }];
  }),
);
writeFileSync(fileURLToPath(compiledCatalogPath()), JSON.stringify(compiled));

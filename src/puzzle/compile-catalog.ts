/**
 * Build step (`npm run build`): parses every catalog file once and writes the models to dist/catalog.json,
 * each with a hash of its YAML text, so that solving a catalog puzzle need not load the YAML parser.
 * An entry whose hash no longer matches its file is ignored (the file is parsed instead).
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { catalogDir, catalogNames, compiledCatalogPath, textHash } from './catalog.js';
import { parsePuzzle } from './format.js';

const compiled = Object.fromEntries(
  catalogNames().map((name) => {
    const file = `${catalogDir()}${name}.yaml`;
    const text = readFileSync(file, 'utf8');
    return [name, { hash: textHash(text), puzzle: parsePuzzle(text, file) }];
  }),
);
writeFileSync(fileURLToPath(compiledCatalogPath()), JSON.stringify(compiled));

// Writes the development page's fixtures: for each puzzle, the puzzle as the library models it and the
// solver's first solution (`snug solve NAME --json`), so that the page needs neither the YAML reader nor
// a solver. Run from the repository root after `npm run build`: node src/web/dev/make-fixtures.mjs
import { execFileSync } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import { resolvePuzzle } from '../../../dist/puzzle/catalog.js';

const names = ['soma', 'bedlam-cube', 'tetris-cube', 'pentacubes-3x4x5', 'kanoodle-pyramid', 'src/web/dev/fixtures/soma-ledge.yaml'];
for (const name of names) {
  const { puzzle } = resolvePuzzle(name);
  const result = JSON.parse(execFileSync('node', ['dist/cli/snug.js', 'solve', name, '--json'], { encoding: 'utf8' }));
  const solution = result.found[0];
  const file = name.replace(/^.*\//, '').replace(/\.yaml$/, '');
  writeFileSync(`src/web/dev/fixtures/${file}.json`, `${JSON.stringify({ puzzle, solution })}\n`);
  console.log(`${file}: ${solution.placements.length} pieces`);
}

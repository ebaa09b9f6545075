// The bitboard engine's search loops and window region checks come in variants (a one-word or a two-word
// window, the exact or the general search, ...) that differ in a few lines each. They are written once, in
// src/engines/bitboard-loops.tmpl, and this script writes every variant into src/engines/bitboard.ts,
// between the two GENERATED marker lines, as plain methods of the class: the hot loops keep no runtime
// test of which variant they are, and a rule changes in one place.
//
//   node scripts/generate-loops.mjs           write the variants into bitboard.ts (when they changed)
//   node scripts/generate-loops.mjs --check   exit 1 when bitboard.ts is not what the template gives
//
// The template. `//% family` starts a family of methods; its `//% variant FLAG ...` lines name one variant
// each by its flags (a flag is a word: `one`, `two`, `general`); the family's text follows, written as the
// methods are (two spaces in, inside the class). In that text:
//   - a line that ends with `//% EXPR` is kept only in the variants where EXPR holds;
//   - `//% if EXPR`, `//% else`, `//% end` keep a block of lines (they nest);
//   - EXPR is flags joined by `&&`, each maybe negated with `!`.
// Every variant is written out in full (its own header and comment come from the text, under its flags).
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

export const BEGIN = '  // GENERATED from bitboard-loops.tmpl by scripts/generate-loops.mjs: edit the template, not these lines.';
export const END = '  // END GENERATED';

const DIRECTIVE = /^\s*\/\/%\s*(.*)$/;
const SUFFIX = /^(.*\S)\s*\/\/%\s*(.+)$/;

/** Whether EXPR (flags joined by &&, each maybe negated) holds for `flags`; throws on a malformed one. */
function holds(expr, flags, where) {
  return expr.split('&&').every((term) => {
    const t = term.trim();
    const negated = t.startsWith('!');
    const name = negated ? t.slice(1).trim() : t;
    if (!/^[a-z][a-zA-Z0-9]*$/.test(name)) throw new Error(`${where}: "${expr}" is not a flag expression`);
    return flags.has(name) !== negated;
  });
}

/** The lines of one variant of a family's text (`lines`: each line's text and its line number in the template). */
function expand(lines, flags) {
  const out = [];
  const stack = []; // per open `if`: whether its condition holds, and whether the enclosing block is kept
  let keep = true;
  for (const { text, line } of lines) {
    const where = `bitboard-loops.tmpl:${line}`;
    const directive = DIRECTIVE.exec(text);
    if (directive) {
      const [word, ...rest] = directive[1].trim().split(/\s+/);
      if (word === 'if') {
        const cond = holds(rest.join(' '), flags, where);
        stack.push({ outer: keep, cond, line });
        keep = keep && cond;
      } else if (word === 'else' || word === 'end') {
        const top = word === 'else' ? stack.at(-1) : stack.pop();
        if (!top) throw new Error(`${where}: ${word} without if`);
        keep = word === 'else' ? top.outer && !top.cond : top.outer;
      } else {
        throw new Error(`${where}: unknown directive "${directive[1].trim()}"`);
      }
      continue;
    }
    const suffix = SUFFIX.exec(text);
    if (suffix) {
      if (keep && holds(suffix[2], flags, where)) out.push(suffix[1]);
    } else if (keep) {
      out.push(text);
    }
  }
  if (stack.length > 0) throw new Error(`bitboard-loops.tmpl:${stack.at(-1).line}: if without end`);
  return out;
}

/** Every variant of every family of the template, as the text between the markers. */
export function generate(template) {
  const families = [];
  template.split('\n').forEach((text, i) => {
    const directive = DIRECTIVE.exec(text);
    const words = directive ? directive[1].trim().split(/\s+/) : [];
    if (words[0] === 'family') families.push({ variants: [], body: [] });
    else if (families.length === 0) return; // the template's own comment, before the first family
    else if (words[0] === 'variant') families.at(-1).variants.push(new Set(words.slice(1)));
    else families.at(-1).body.push({ text, line: i + 1 });
  });
  const methods = [];
  for (const { variants, body } of families) {
    // the family's text without blank lines at either end
    while (body.length > 0 && body[0].text.trim() === '') body.shift();
    while (body.length > 0 && body.at(-1).text.trim() === '') body.pop();
    for (const flags of variants) methods.push(expand(body, flags).join('\n'));
  }
  return methods.join('\n\n');
}

/** `source` with the text between its markers replaced by `generated`. */
export function splice(source, generated) {
  const begin = source.indexOf(`${BEGIN}\n`);
  const end = source.indexOf(`\n${END}\n`);
  if (begin < 0 || end < begin) throw new Error('bitboard.ts: the GENERATED marker lines are missing');
  return `${source.slice(0, begin + BEGIN.length + 1)}${generated}${source.slice(end)}`;
}

const root = join(fileURLToPath(import.meta.url), '..', '..');
export const TEMPLATE = join(root, 'src', 'engines', 'bitboard-loops.tmpl');
export const TARGET = join(root, 'src', 'engines', 'bitboard.ts');

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  try {
    const source = readFileSync(TARGET, 'utf8');
    const wanted = splice(source, generate(readFileSync(TEMPLATE, 'utf8')));
    if (wanted !== source) {
      if (process.argv.includes('--check')) {
        console.error('src/engines/bitboard.ts: its generated loops differ from bitboard-loops.tmpl (run node scripts/generate-loops.mjs)');
        process.exit(1);
      }
      writeFileSync(TARGET, wanted);
      console.log('src/engines/bitboard.ts: loops generated from bitboard-loops.tmpl');
    }
  } catch (error) {
    console.error(error instanceof Error ? error.message : String(error));
    process.exit(2);
  }
}

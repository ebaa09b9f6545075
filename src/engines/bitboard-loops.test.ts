import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

/**
 * The bitboard engine's wide loops are written once, in bitboard-loops.tmpl, and generated into bitboard.ts
 * by scripts/generate-loops.mjs; its window loops are AssemblyScript (wasm/window-loops.ts), compiled into
 * window-loops-wasm.ts by scripts/build-wasm.mjs. These tests hold the generated files to their sources
 * (an edit of either alone fails here) and check the template's few directives. That every variant searches right is the
 * business of the engine's own tests, which run each loop (bitboard.test, bitboard-rest.test,
 * bitboard-optional.test).
 */
const root = join(fileURLToPath(import.meta.url), '..', '..', '..');
const script = join(root, 'scripts', 'generate-loops.mjs');

interface Generator {
  generate(template: string): string;
  splice(source: string, generated: string): string;
}
const loadGenerator = async (): Promise<Generator> => (await import(script)) as Generator;

describe('the bitboard loops generated from bitboard-loops.tmpl', () => {
  it('bitboard.ts holds exactly the methods the template gives, each variant once', async () => {
    const { generate, splice } = await loadGenerator();
    const source = readFileSync(join(root, 'src', 'engines', 'bitboard.ts'), 'utf8');
    const generated = generate(readFileSync(join(root, 'src', 'engines', 'bitboard-loops.tmpl'), 'utf8'));
    expect(splice(source, generated) === source, 'bitboard.ts differs from the template: run node scripts/generate-loops.mjs').toBe(true);
    const methods = [...generated.matchAll(/^ {2}private (\w+)\(/gm)].map((m) => m[1]);
    expect(methods).toEqual(['runWide', 'runWideGeneral']);
    // no directive is left in the output
    expect(generated).not.toMatch(/\/\/%/);
  });

  it('window-loops-wasm.ts is what the AssemblyScript source compiles to', async () => {
    const build = (await import(join(root, 'scripts', 'build-wasm.mjs'))) as { compileWindowLoops(): Promise<Uint8Array>; moduleText(binary: Uint8Array): string };
    const committed = readFileSync(join(root, 'src', 'engines', 'window-loops-wasm.ts'), 'utf8');
    expect(build.moduleText(await build.compileWindowLoops()) === committed, 'window-loops-wasm.ts is stale: run node scripts/build-wasm.mjs').toBe(true);
  }, 60_000);

  it('keeps a line or a block by its flags, with else, nesting and negation', async () => {
    const { generate } = await loadGenerator();
    const template = [
      'text before the first family is the template\'s own comment',
      '//% family',
      '//% variant one',
      '//% variant two general',
      '  a();',
      '  b(); //% two',
      '  c(); //% !general',
      '//% if one',
      '  d();',
      '//% else',
      '  e();',
      '//% if general && !one',
      '  f();',
      '//% end',
      '//% end',
      '',
    ].join('\n');
    expect(generate(template)).toBe(['  a();', '  c();', '  d();', '', '  a();', '  b();', '  e();', '  f();'].join('\n'));
  });

  it('names the template line of a malformed directive', async () => {
    const { generate } = await loadGenerator();
    expect(() => generate('//% family\n//% variant one\n//% if one\nx')).toThrow(/bitboard-loops\.tmpl:3: if without end/);
    expect(() => generate('//% family\n//% variant one\n//% end')).toThrow(/bitboard-loops\.tmpl:3: end without if/);
    expect(() => generate('//% family\n//% variant one\n//% unless one')).toThrow(/bitboard-loops\.tmpl:3: unknown directive/);
    expect(() => generate('//% family\n//% variant one\nx(); //% one || two')).toThrow(/bitboard-loops\.tmpl:3: "one \|\| two" is not a flag expression/);
  });
});

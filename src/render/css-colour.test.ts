import { describe, expect, it } from 'vitest';
import { isColor } from '../puzzle/validate.js';
import { namedColours, parseCssColour, rgbToHex } from '../puzzle/colour.js';
import { mixHex, nearestXterm, xtermRgb } from './css-colour.js';

const hexOf = (css: string): string | undefined => {
  const rgb = parseCssColour(css);
  return rgb ? rgbToHex(rgb) : undefined;
};

describe('parseCssColour', () => {
  it('reads hex codes of 3, 4, 6 and 8 digits, in either case', () => {
    expect(hexOf('#d62728')).toBe('#d62728');
    expect(hexOf('#D62728')).toBe('#d62728');
    expect(hexOf('#f80')).toBe('#ff8800');
    // an alpha is drawn over white: half-transparent black is mid grey
    expect(hexOf('#00000080')).toBe('#7f7f7f');
    expect(hexOf('#0008')).toBe('#777777');
    expect(hexOf('#ff0000ff')).toBe('#ff0000');
  });

  it('reads rgb() and rgba() in the comma and the space syntax, with percentages and alpha', () => {
    expect(hexOf('rgb(20, 120, 200)')).toBe('#1478c8');
    expect(hexOf('rgb(20 120 200)')).toBe('#1478c8');
    expect(hexOf('rgb(100%, 50%, 0%)')).toBe('#ff8000');
    expect(hexOf('rgba(0, 0, 0, 0.5)')).toBe('#808080');
    expect(hexOf('rgb(0 0 0 / 50%)')).toBe('#808080');
    // out of range channels are clamped, as CSS does
    expect(hexOf('rgb(300, -5, 0)')).toBe('#ff0000');
  });

  it('reads hsl() and hsla(), with or without deg and percent signs', () => {
    expect(hexOf('hsl(0, 100%, 50%)')).toBe('#ff0000');
    expect(hexOf('hsl(120, 100%, 25%)')).toBe('#008000');
    expect(hexOf('hsl(240deg 100% 50%)')).toBe('#0000ff');
    expect(hexOf('hsl(180 100 25)')).toBe('#008080');
    expect(hexOf('hsl(420, 100%, 50%)')).toBe(hexOf('hsl(60, 100%, 50%)'));
    expect(hexOf('hsl(0, 0%, 0%, 0.5)')).toBe('#808080');
    expect(hexOf('hsla(0, 0%, 100%, 0.2)')).toBe('#ffffff');
  });

  it('knows the 148 named colours of CSS, in any case, grey spelled either way', () => {
    const names = namedColours();
    expect(names.size).toBe(148);
    expect(hexOf('teal')).toBe('#008080');
    expect(hexOf('RebeccaPurple')).toBe('#663399');
    expect(hexOf('green')).toBe('#008000');
    expect(hexOf('lightgoldenrodyellow')).toBe('#fafad2');
    for (const [name, hex] of names) {
      if (name.includes('grey')) expect(names.get(name.replace('grey', 'gray'))).toBe(hex);
      // every name is one the puzzle format accepts
      expect(isColor(name)).toBe(true);
    }
  });

  it('reads nothing else', () => {
    for (const bad of ['notacolour', 'transparent', 'currentcolor', '#12345', 'rgb(1.2.3, 4, 5)', 'rgb(1, 2)', 'hsl(10, 20%)', 'rgb(1, 2, 3, 4, 5)', 'hsl(1e3, 2%, 3%)', '']) {
      expect(parseCssColour(bad)).toBeUndefined();
    }
  });
});

describe('nearestXterm', () => {
  it('maps each of the 240 fixed xterm colours to itself', () => {
    for (let i = 16; i < 256; i++) expect(nearestXterm(rgbToHex(xtermRgb(i)))).toBe(i);
  });

  it('never picks one of the sixteen colours a terminal theme redefines', () => {
    for (const hex of ['#000000', '#ff0000', '#00ff00', '#0000ff', '#808080', '#c0c0c0', '#ffffff']) expect(nearestXterm(hex)).toBeGreaterThanOrEqual(16);
  });

  it('picks the colour that looks nearest, not the nearest cube corner', () => {
    expect(nearestXterm('#ff0000')).toBe(196);
    expect(nearestXterm('#808080')).toBe(244);
    // crimson: a deep red, not pink and not orange
    const [r, g, b] = xtermRgb(nearestXterm('#dc143c'));
    expect(r).toBeGreaterThan(150);
    expect(g).toBeLessThan(60);
    expect(b).toBeLessThan(100);
  });
});

describe('mixHex', () => {
  it('mixes two colours channel by channel', () => {
    expect(mixHex('#000000', '#ffffff', 0.5)).toBe('#808080');
    expect(mixHex('#ff0000', '#ffffff', 1)).toBe('#ff0000');
    expect(mixHex('teal', '#ffffff', 0)).toBe('#ffffff');
  });
});

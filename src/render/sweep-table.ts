import type { Cell } from '../geometry/cell.js';
import type { SweepResult, SweepRow, SweepVariant } from '../analysis/sweep.js';
import { MONTHS, MONTH_DAYS, dateName, sweepSummary } from '../analysis/sweep.js';
import { printable } from '../puzzle/printable.js';
import { formatCount } from './report.js';
import { escapeXml } from './xml.js';

/**
 * A sweep's table (analysis/sweep.ts) as text, CSV and JSON, and its chart as SVG: for dates a calendar of
 * counts (months down, days across, the days no month has crossed out), for cells left open a heat map on
 * the board, otherwise a bar per variant (or, for more variants than bars can show, how many variants have
 * how many solutions).
 */
export interface SweepTable {
  readonly puzzle: string;
  /** What was swept: "dates", "pieces 5", "open cells", "variants". */
  readonly over: string;
  readonly variants: readonly SweepVariant[];
  readonly result: SweepResult;
}

const what = (t: SweepTable): string => (t.result.unique ? 'unique solutions' : 'solutions');

/** What a row says besides its count: a date as words, why it has none, that it is a lower bound. */
function note(row: SweepRow, variant: SweepVariant | undefined): string {
  return [
    variant?.date ? dateName(variant.date.month, variant.date.day) : '',
    row.impossible ? `impossible: ${row.impossible}` : row.solutions === 0 && row.complete ? 'no solution' : '',
    row.complete ? '' : 'at least (cut short)',
  ].filter(Boolean).join('; ');
}

function byKey(t: SweepTable): Map<string, SweepVariant> {
  return new Map(t.variants.map((v) => [v.key, v]));
}

/** Text: a line per variant, then the sum, the least and the most (and, for pieces, the sum for each K). */
export function sweepText(t: SweepTable): string {
  const variants = byKey(t);
  const rows = t.result.rows;
  const keyWidth = Math.max(7, ...rows.map((r) => r.key.length));
  const countWidth = Math.max(9, ...rows.map((r) => formatCount(r.solutions).length));
  const lines = [`${printable(t.puzzle)}: ${what(t)} for each of ${t.variants.length} variants (${t.over})`, ''];
  lines.push(`${'variant'.padEnd(keyWidth)}  ${'solutions'.padStart(countWidth)}  note`);
  for (const r of rows) lines.push(`${printable(r.key).padEnd(keyWidth)}  ${formatCount(r.solutions).padStart(countWidth)}  ${printable(note(r, variants.get(r.key)))}`.trimEnd());
  if (t.variants.length > 0 && t.variants.every((v) => v.date)) lines.push('', ...calendarText(t));
  lines.push('', ...summaryLines(t));
  return `${lines.join('\n')}\n`;
}

/** The dates' counts as a calendar: months down, days across, '-' where a month has no such day, '?' where not counted. */
function calendarText(t: SweepTable): string[] {
  const variants = byKey(t);
  const counts = new Map<string, number>();
  for (const r of t.result.rows) {
    const d = variants.get(r.key)?.date;
    if (d) counts.set(`${d.month}-${d.day}`, r.solutions);
  }
  const width = Math.max(3, ...[...counts.values()].map((n) => String(n).length)) + 1;
  const out = [`calendar (months down, days across; - no such date${counts.size < 366 ? ', ? not counted' : ''}):`];
  out.push(`   ${Array.from({ length: 31 }, (_, i) => String(i + 1).padStart(width)).join('')}`);
  for (let month = 1; month <= 12; month++) {
    const cells = Array.from({ length: 31 }, (_, i) => (i + 1 > MONTH_DAYS[month - 1]! ? '-' : String(counts.get(`${month}-${i + 1}`) ?? '?')).padStart(width));
    out.push(`${MONTHS[month - 1]!.slice(0, 3)}${cells.join('')}`);
  }
  return out;
}

function summaryLines(t: SweepTable): string[] {
  const variants = byKey(t);
  const s = sweepSummary(t.result.rows);
  const name = (r: SweepRow): string => {
    const v = variants.get(r.key);
    return v?.date ? dateName(v.date.month, v.date.day) : printable(r.key);
  };
  const out = [`${formatCount(s.total)} ${what(t)} in all over ${t.result.rows.length} variants${t.result.complete ? '' : ` (${t.result.interrupted ? 'stopped' : 'some cut short'}: a lower bound)`}`];
  if (s.least && s.most) out.push(`least ${formatCount(s.least.solutions)} (${name(s.least)}), most ${formatCount(s.most.solutions)} (${name(s.most)}); ${s.none} without a solution`);
  const perK = new Map<number, { total: number; variants: number; solved: number }>();
  for (const r of t.result.rows) {
    const k = variants.get(r.key)?.pieces?.length;
    if (k === undefined) continue;
    const e = perK.get(k) ?? perK.set(k, { total: 0, variants: 0, solved: 0 }).get(k)!;
    e.total += r.solutions;
    e.variants++;
    if (r.solutions > 0) e.solved++;
  }
  if (perK.size > 1) for (const [k, e] of perK) out.push(`K = ${k}: ${formatCount(e.total)} ${what(t)} over ${e.variants} choices (${e.solved} with a solution)`);
  if (t.result.resumed > 0) out.push(`${t.result.resumed} rows from the checkpoint, ${t.result.rows.length - t.result.resumed} counted now`);
  return out;
}

function csvField(s: string): string {
  return /[",\n\r]/.test(s) ? `"${s.replace(/"/g, '""')}"` : s;
}

/** CSV: variant, solutions, complete, then month and day (dates), the pieces (pieces), the cell (open cells), note. */
export function sweepCsv(t: SweepTable): string {
  const variants = byKey(t);
  const lines = ['variant,solutions,complete,month,day,pieces,cell,note'];
  for (const r of t.result.rows) {
    const v = variants.get(r.key);
    lines.push([r.key, String(r.solutions), String(r.complete), String(v?.date?.month ?? ''), String(v?.date?.day ?? ''), v?.pieces?.join(' ') ?? '', v?.cell ? v.cell.join(' ') : '', note(r, v)].map(csvField).join(','));
  }
  return `${lines.join('\n')}\n`;
}

/** JSON: the puzzle, what was swept, each row (with its date, pieces or cell), the sum, least and most. */
export function sweepJson(t: SweepTable): string {
  const variants = byKey(t);
  const s = sweepSummary(t.result.rows);
  return `${JSON.stringify({
    puzzle: t.puzzle,
    over: t.over,
    unique: t.result.unique,
    complete: t.result.complete,
    interrupted: t.result.interrupted,
    variants: t.variants.length,
    total: s.total,
    ...(s.least ? { least: { key: s.least.key, solutions: s.least.solutions } } : {}),
    ...(s.most ? { most: { key: s.most.key, solutions: s.most.solutions } } : {}),
    withoutSolution: s.none,
    resumed: t.result.resumed,
    elapsedMs: Math.round(t.result.elapsedMs),
    rows: t.result.rows.map((r) => {
      const v = variants.get(r.key);
      return { ...r, ...(v?.date ? { date: v.date } : {}), ...(v?.pieces ? { pieces: v.pieces } : {}), ...(v?.cell ? { cell: v.cell } : {}) };
    }),
  })}\n`;
}

/**
 * A count's colour: from a pale to a deep blue as it goes from the least count of the table to the most
 * (linear, so that the spread between them shows), white for none.
 */
function heat(count: number, range: Range): string {
  if (count === 0) return '#ffffff';
  const f = shade(count, range);
  const mix = (a: number, b: number): number => Math.round(a + (b - a) * f);
  return `rgb(${mix(222, 8)},${mix(235, 48)},${mix(247, 107)})`;
}
interface Range { readonly least: number; readonly most: number }
const shade = (count: number, { least, most }: Range): number => (most <= least ? 1 : 0.15 + (0.85 * (count - least)) / (most - least));
const inkOn = (count: number, range: Range): string => (count > 0 && shade(count, range) > 0.55 ? '#ffffff' : '#222222');
/** The least count above none and the most, for the colours. */
function rangeOf(rows: readonly SweepRow[]): Range {
  const some = rows.map((r) => r.solutions).filter((n) => n > 0);
  return some.length === 0 ? { least: 0, most: 0 } : { least: Math.min(...some), most: Math.max(...some) };
}

function svgDocument(width: number, height: number, title: string, body: string[]): string {
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" viewBox="0 0 ${width} ${height}" font-family="sans-serif">\n<title>${escapeXml(title)}</title>\n<rect width="${width}" height="${height}" fill="#ffffff"/>\n${body.join('\n')}\n</svg>\n`;
}

/** The chart of a sweep (see the module's comment). */
export function sweepChartSvg(t: SweepTable): string {
  const rows = t.result.rows;
  const variants = byKey(t);
  const s = sweepSummary(rows);
  const title = `${t.puzzle}: ${what(t)} for each ${t.over === 'dates' ? 'date' : t.over === 'open cells' ? 'cell left open' : 'variant'} (${formatCount(s.total)} in all)`;
  if (t.variants.length > 0 && t.variants.every((v) => v.date)) return calendarSvg(t, title);
  if (t.variants.length > 0 && t.variants.every((v) => v.cell && v.cell[2] === 0)) return cellsSvg(t, title);
  if (rows.length <= 80) {
    const keyWidth = Math.max(...rows.map((r) => r.key.length), 4) * 7.5 + 10;
    const barRoom = 420;
    const most = Math.max(1, s.most?.solutions ?? 1);
    const body = [`<text x="10" y="22" font-size="15" font-weight="bold">${escapeXml(title)}</text>`];
    rows.forEach((r, i) => {
      const y = 40 + i * 20;
      const w = (r.solutions / most) * barRoom;
      body.push(`<text x="${keyWidth}" y="${y + 13}" font-size="12" text-anchor="end">${escapeXml(r.key)}</text>`);
      body.push(`<rect x="${keyWidth + 6}" y="${y + 2}" width="${w.toFixed(1)}" height="15" fill="${r.complete ? '#30679e' : '#9bb7d4'}"/>`);
      body.push(`<text x="${(keyWidth + 10 + w).toFixed(1)}" y="${y + 14}" font-size="12">${formatCount(r.solutions)}${variants.get(r.key) && !r.complete ? '+' : ''}</text>`);
    });
    return svgDocument(Math.max(keyWidth + barRoom + 90, title.length * 8 + 20), 50 + rows.length * 20, title, body);
  }
  // too many variants for a bar each: how many variants have how many solutions, in bins
  const most = s.most?.solutions ?? 0;
  const bins = Math.min(40, most + 1);
  const size = Math.ceil((most + 1) / bins);
  const counts = new Array<number>(bins).fill(0);
  for (const r of rows) counts[Math.min(bins - 1, Math.floor(r.solutions / size))]!++;
  const tallest = Math.max(...counts, 1);
  const barWidth = 16;
  const height = 260;
  const body = [
    `<text x="10" y="22" font-size="15" font-weight="bold">${escapeXml(title)}</text>`,
    `<text x="10" y="40" font-size="12">${escapeXml(histogramNote(t))}</text>`,
  ];
  counts.forEach((c, i) => {
    const x = 40 + i * (barWidth + 4);
    const h = (c / tallest) * height;
    body.push(`<rect x="${x}" y="${(60 + height - h).toFixed(1)}" width="${barWidth}" height="${h.toFixed(1)}" fill="#30679e"/>`);
    if (c > 0) body.push(`<text x="${x + barWidth / 2}" y="${(56 + height - h).toFixed(1)}" font-size="9" text-anchor="middle">${c}</text>`);
    const label = size === 1 ? String(i * size) : `${i * size}-${i * size + size - 1}`;
    body.push(`<text x="${x + barWidth / 2}" y="${60 + height + 12}" font-size="9" text-anchor="end" transform="rotate(-60 ${x + barWidth / 2} ${60 + height + 12})">${label}</text>`);
  });
  return svgDocument(Math.max(60 + bins * (barWidth + 4), title.length * 8 + 20, histogramNote(t).length * 6.5 + 20), 60 + height + 60, title, body);
}

const histogramNote = (t: SweepTable): string => `how many of the ${t.result.rows.length} variants (bar, number above) have how many ${what(t)} (under the bar)`;

function calendarSvg(t: SweepTable, title: string): string {
  const cell = 34;
  const left = 46;
  const top = 62;
  const counts = new Map<string, SweepRow>();
  const variants = byKey(t);
  for (const r of t.result.rows) {
    const d = variants.get(r.key)?.date;
    if (d) counts.set(`${d.month}-${d.day}`, r);
  }
  const most = rangeOf(t.result.rows);
  const body = [
    `<text x="10" y="22" font-size="15" font-weight="bold">${escapeXml(title)}</text>`,
    `<text x="10" y="40" font-size="12">months down, days across; darker: more solutions; a crossed cell is no date; red: no solution; grey: not counted</text>`,
  ];
  for (let day = 1; day <= 31; day++) body.push(`<text x="${left + (day - 1) * cell + cell / 2}" y="${top - 6}" font-size="11" text-anchor="middle">${day}</text>`);
  for (let month = 1; month <= 12; month++) {
    const y = top + (month - 1) * cell;
    body.push(`<text x="${left - 6}" y="${y + cell / 2 + 4}" font-size="12" text-anchor="end">${MONTHS[month - 1]!.slice(0, 3)}</text>`);
    for (let day = 1; day <= 31; day++) {
      const x = left + (day - 1) * cell;
      if (day > MONTH_DAYS[month - 1]!) {
        body.push(`<rect x="${x}" y="${y}" width="${cell}" height="${cell}" fill="#f2f2f2" stroke="#cccccc"/><path d="M${x + 8} ${y + 8}L${x + cell - 8} ${y + cell - 8}M${x + cell - 8} ${y + 8}L${x + 8} ${y + cell - 8}" stroke="#bbbbbb" stroke-width="1.5"/>`);
        continue;
      }
      const r = counts.get(`${month}-${day}`);
      const fill = !r ? '#d9d9d9' : r.solutions === 0 ? '#f4a6a6' : heat(r.solutions, most);
      body.push(`<rect x="${x}" y="${y}" width="${cell}" height="${cell}" fill="${fill}" stroke="#ffffff"/>`);
      if (r) body.push(`<text x="${x + cell / 2}" y="${y + cell / 2 + 4}" font-size="11" text-anchor="middle" fill="${inkOn(r.solutions, most)}">${r.solutions}</text>`);
    }
  }
  return svgDocument(left + 31 * cell + 10, top + 12 * cell + 10, title, body);
}

function cellsSvg(t: SweepTable, title: string): string {
  const size = 40;
  const variants = byKey(t);
  const cells: { cell: Cell; row: SweepRow }[] = [];
  for (const r of t.result.rows) {
    const c = variants.get(r.key)?.cell;
    if (c) cells.push({ cell: c, row: r });
  }
  const all = t.variants.map((v) => v.cell!);
  const minX = Math.min(...all.map((c) => c[0]));
  const minY = Math.min(...all.map((c) => c[1]));
  const maxX = Math.max(...all.map((c) => c[0]));
  const maxY = Math.max(...all.map((c) => c[1]));
  const most = rangeOf(t.result.rows);
  const top = 50;
  const body = [
    `<text x="10" y="22" font-size="15" font-weight="bold">${escapeXml(title)}</text>`,
    `<text x="10" y="40" font-size="12">each cell: the ${what(t)} with that cell left open; darker: more</text>`,
  ];
  const counted = new Set(cells.map(({ cell }) => cell.join(',')));
  for (const c of all) {
    if (counted.has(c.join(','))) continue;
    body.push(`<rect x="${10 + (c[0] - minX) * size}" y="${top + (c[1] - minY) * size}" width="${size}" height="${size}" fill="#d9d9d9" stroke="#ffffff"/>`);
  }
  for (const { cell, row } of cells) {
    const x = 10 + (cell[0] - minX) * size;
    const y = top + (cell[1] - minY) * size;
    body.push(`<rect x="${x}" y="${y}" width="${size}" height="${size}" fill="${row.solutions === 0 ? '#f4a6a6' : heat(row.solutions, most)}" stroke="#ffffff"/>`);
    body.push(`<text x="${x + size / 2}" y="${y + size / 2 + 4}" font-size="11" text-anchor="middle" fill="${inkOn(row.solutions, most)}">${formatCount(row.solutions)}</text>`);
  }
  return svgDocument(Math.max(20 + (maxX - minX + 1) * size, title.length * 8 + 20), top + (maxY - minY + 1) * size + 10, title, body);
}

/**
 * Text that came from a file or a program (a piece name, a key, a path) on its way to a terminal: control
 * characters (a newline, a tab, ESC that starts a terminal escape sequence, DEL, the C1 controls), the line
 * and paragraph separators and the bidirectional overrides are shown as escapes (\n, \x1b, \u202e), so
 * that a message stays one line and nothing in it is acted on by the terminal.
 */
const UNSAFE = /[\p{Cc}\u2028\u2029\u202a-\u202e\u2066-\u2069]/gu;
const UNSAFE_ONE = /[\p{Cc}\u2028\u2029\u202a-\u202e\u2066-\u2069]/u;

const NAMED: Record<string, string> = { '\n': '\\n', '\r': '\\r', '\t': '\\t' };

function escape(ch: string): string {
  const named = NAMED[ch];
  if (named) return named;
  const code = ch.codePointAt(0)!;
  return code < 0x100 ? `\\x${code.toString(16).padStart(2, '0')}` : `\\u${code.toString(16).padStart(4, '0')}`;
}

/**
 * The text with unsafe characters escaped (but those in `allow`, such as '\n' for text over several lines),
 * cut to `max` characters (with an ellipsis) when longer.
 */
export function printable(text: string, max = Infinity, allow = ''): string {
  const cut = text.length > max ? `${text.slice(0, Math.max(0, max - 1))}…` : text;
  return cut.replace(UNSAFE, (ch) => (allow.includes(ch) ? ch : escape(ch)));
}

/**
 * Any value a program passed, as short printable text for a message: the start of its JSON text (a BigInt
 * as 10n), cut to `max` characters. Never throws (a BigInt, a Symbol, an object without a prototype, a
 * getter that throws all have a text), and costs what the text shown costs, whatever the value's size: an
 * array nested ten thousand deep, a cycle or a solution of a million cells is read only as far as the first
 * `max` characters of its text (stringifying it whole had taken milliseconds per message, and seconds for a
 * program's run of mistakes).
 */
export function shownValue(value: unknown, max = 40): string {
  if (value === undefined) return 'undefined';
  if (typeof value === 'function') return 'a function';
  if (typeof value === 'symbol') return 'a symbol';
  if (typeof value === 'bigint') return `${value}n`;
  let text = '';
  try {
    jsonStart(value, '', max + 1, (piece) => {
      text += piece;
      return text.length > max;
    });
  } catch {
    return Array.isArray(value) ? 'a list (that cannot be shown)' : 'an object (that cannot be shown)';
  }
  return printable(text, max);
}

/**
 * Writes the JSON text of `value` (as JSON.stringify would, BigInts as "10n") in pieces to `put`, stopping
 * as soon as `put` says it has enough: returns true then. `key` is the value's key in its parent, for
 * toJSON; a string is written only as far as `room` characters can be shown.
 */
function jsonStart(value: unknown, key: string, room: number, put: (piece: string) => boolean): boolean {
  let v = value;
  if (v !== null && typeof v === 'object' && typeof (v as { toJSON?: unknown }).toJSON === 'function') v = (v as { toJSON: (k: string) => unknown }).toJSON(key);
  if (v instanceof Number || v instanceof String || v instanceof Boolean) v = v.valueOf();
  if (typeof v === 'bigint') return put(JSON.stringify(`${v}n`));
  if (typeof v === 'string') return put(JSON.stringify(v.length > room ? v.slice(0, room) : v));
  if (v === null || typeof v !== 'object') return put(JSON.stringify(v) ?? 'null');
  if (Array.isArray(v)) {
    if (put('[')) return true;
    for (let i = 0; i < v.length; i++) {
      if ((i > 0 && put(',')) || jsonStart(v[i], String(i), room, put)) return true;
    }
    return put(']');
  }
  if (put('{')) return true;
  let first = true;
  // (a typed array's keys are its indices: listed as they are written, not all made first)
  const keys: Iterable<string> = ArrayBuffer.isView(v) && 'length' in v ? indices((v as unknown as ArrayLike<unknown>).length) : Object.keys(v);
  for (const k of keys) {
    const item = (v as Record<string, unknown>)[k];
    if (isSkipped(item)) continue;
    if ((!first && put(',')) || put(`${JSON.stringify(k)}:`) || jsonStart(item, k, room, put)) return true;
    first = false;
  }
  return put('}');
}

function* indices(length: number): Generator<string> {
  for (let i = 0; i < length; i++) yield String(i);
}

/** Values JSON leaves out of an object (and writes as null in a list, as jsonStart does). */
const isSkipped = (v: unknown): boolean => v === undefined || typeof v === 'function' || typeof v === 'symbol';

/** The first unsafe character of the text, escaped (such as '\\x1b'), or undefined when there is none. */
export function unsafeCharacter(text: string, allow = ''): string | undefined {
  if (!UNSAFE_ONE.test(text)) return undefined;
  for (const ch of text) if (UNSAFE_ONE.test(ch) && !allow.includes(ch)) return escape(ch);
  return undefined;
}

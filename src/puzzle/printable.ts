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
 * Any value a program passed, as short printable text for a message: never throws (a cycle, a BigInt, a
 * Symbol, an object without a prototype, an array nested ten thousand deep all have a text).
 */
export function shownValue(value: unknown, max = 40): string {
  const text = ((): string => {
    if (value === undefined) return 'undefined';
    if (typeof value === 'function') return 'a function';
    if (typeof value === 'symbol') return 'a symbol';
    if (typeof value === 'bigint') return `${value}n`;
    try {
      return JSON.stringify(value, (_, v: unknown) => (typeof v === 'bigint' ? `${v}n` : v)) ?? typeof value;
    } catch {
      return Array.isArray(value) ? 'a list (too deep or circular to show)' : 'an object (too deep or circular to show)';
    }
  })();
  return printable(text, max);
}

/** The first unsafe character of the text, escaped (such as '\\x1b'), or undefined when there is none. */
export function unsafeCharacter(text: string, allow = ''): string | undefined {
  if (!UNSAFE_ONE.test(text)) return undefined;
  for (const ch of text) if (UNSAFE_ONE.test(ch) && !allow.includes(ch)) return escape(ch);
  return undefined;
}

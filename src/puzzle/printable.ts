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

/** The first unsafe character of the text, escaped (such as '\\x1b'), or undefined when there is none. */
export function unsafeCharacter(text: string, allow = ''): string | undefined {
  if (!UNSAFE_ONE.test(text)) return undefined;
  for (const ch of text) if (UNSAFE_ONE.test(ch) && !allow.includes(ch)) return escape(ch);
  return undefined;
}

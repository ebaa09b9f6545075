/**
 * CSS colours as puzzle files give them (`color:` of a piece), read into sRGB for the pictures: hex codes
 * (#rgb, #rgba, #rrggbb, #rrggbbaa), rgb()/rgba() and hsl()/hsla() in the comma and the space syntax (with
 * percentages, "deg" and "/ alpha"), and the 148 named colours of CSS Color 4. A colour with an alpha is
 * taken as drawn over white, as the pictures' background is. Anything else reads as undefined: the
 * puzzle format refuses it (validate.ts).
 */

/** An sRGB colour, channels 0..255. */
export type Rgb = readonly [number, number, number];

/**
 * The named colours of CSS Color 4, as name and hex in pairs. The seven "grey" spellings are made from
 * the "gray" ones below, which brings the 141 written here to 148.
 */
const NAMED =
  'aliceblue f0f8ff antiquewhite faebd7 aqua 00ffff aquamarine 7fffd4 azure f0ffff beige f5f5dc bisque ffe4c4 ' +
  'black 000000 blanchedalmond ffebcd blue 0000ff blueviolet 8a2be2 brown a52a2a burlywood deb887 ' +
  'cadetblue 5f9ea0 chartreuse 7fff00 chocolate d2691e coral ff7f50 cornflowerblue 6495ed cornsilk fff8dc ' +
  'crimson dc143c cyan 00ffff darkblue 00008b darkcyan 008b8b darkgoldenrod b8860b darkgray a9a9a9 ' +
  'darkgreen 006400 darkkhaki bdb76b darkmagenta 8b008b darkolivegreen 556b2f darkorange ff8c00 ' +
  'darkorchid 9932cc darkred 8b0000 darksalmon e9967a darkseagreen 8fbc8f darkslateblue 483d8b ' +
  'darkslategray 2f4f4f darkturquoise 00ced1 darkviolet 9400d3 deeppink ff1493 deepskyblue 00bfff ' +
  'dimgray 696969 dodgerblue 1e90ff firebrick b22222 floralwhite fffaf0 forestgreen 228b22 fuchsia ff00ff ' +
  'gainsboro dcdcdc ghostwhite f8f8ff gold ffd700 goldenrod daa520 gray 808080 green 008000 ' +
  'greenyellow adff2f honeydew f0fff0 hotpink ff69b4 indianred cd5c5c indigo 4b0082 ivory fffff0 ' +
  'khaki f0e68c lavender e6e6fa lavenderblush fff0f5 lawngreen 7cfc00 lemonchiffon fffacd lightblue add8e6 ' +
  'lightcoral f08080 lightcyan e0ffff lightgoldenrodyellow fafad2 lightgray d3d3d3 lightgreen 90ee90 ' +
  'lightpink ffb6c1 lightsalmon ffa07a lightseagreen 20b2aa lightskyblue 87cefa lightslategray 778899 ' +
  'lightsteelblue b0c4de lightyellow ffffe0 lime 00ff00 limegreen 32cd32 linen faf0e6 magenta ff00ff ' +
  'maroon 800000 mediumaquamarine 66cdaa mediumblue 0000cd mediumorchid ba55d3 mediumpurple 9370db ' +
  'mediumseagreen 3cb371 mediumslateblue 7b68ee mediumspringgreen 00fa9a mediumturquoise 48d1cc ' +
  'mediumvioletred c71585 midnightblue 191970 mintcream f5fffa mistyrose ffe4e1 moccasin ffe4b5 ' +
  'navajowhite ffdead navy 000080 oldlace fdf5e6 olive 808000 olivedrab 6b8e23 orange ffa500 ' +
  'orangered ff4500 orchid da70d6 palegoldenrod eee8aa palegreen 98fb98 paleturquoise afeeee ' +
  'palevioletred db7093 papayawhip ffefd5 peachpuff ffdab9 peru cd853f pink ffc0cb plum dda0dd ' +
  'powderblue b0e0e6 purple 800080 rebeccapurple 663399 red ff0000 rosybrown bc8f8f royalblue 4169e1 ' +
  'saddlebrown 8b4513 salmon fa8072 sandybrown f4a460 seagreen 2e8b57 seashell fff5ee sienna a0522d ' +
  'silver c0c0c0 skyblue 87ceeb slateblue 6a5acd slategray 708090 snow fffafa springgreen 00ff7f ' +
  'steelblue 4682b4 tan d2b48c teal 008080 thistle d8bfd8 tomato ff6347 turquoise 40e0d0 violet ee82ee ' +
  'wheat f5deb3 white ffffff whitesmoke f5f5f5 yellow ffff00 yellowgreen 9acd32';

let namedTable: Map<string, string> | undefined;

/** The named colours, name to '#rrggbb' (made on first use). */
export function namedColours(): ReadonlyMap<string, string> {
  if (!namedTable) {
    namedTable = new Map();
    const words = NAMED.split(' ');
    for (let i = 0; i < words.length; i += 2) {
      const name = words[i]!;
      const hex = `#${words[i + 1]!}`;
      namedTable.set(name, hex);
      if (name.includes('gray')) namedTable.set(name.replace('gray', 'grey'), hex);
    }
  }
  return namedTable;
}

const clamp = (v: number, lo: number, hi: number): number => Math.min(hi, Math.max(lo, v));

/** A CSS number, or undefined for anything that is not one ("1.2.3", "", "5%" when no % is allowed). */
function cssNumber(token: string, suffix = ''): number | undefined {
  const body = suffix && token.endsWith(suffix) ? token.slice(0, -suffix.length) : token;
  if (!/^[+-]?(\d+\.?\d*|\.\d+)$/.test(body)) return undefined;
  return Number(body);
}

/** An alpha: a number 0..1 or a percentage. */
function alphaOf(token: string | undefined): number | undefined {
  if (token === undefined) return 1;
  const v = token.endsWith('%') ? cssNumber(token, '%') : cssNumber(token);
  if (v === undefined) return undefined;
  return clamp(token.endsWith('%') ? v / 100 : v, 0, 1);
}

/** Over white, as the pictures draw on a white background. */
function overWhite(rgb: Rgb, alpha: number): Rgb {
  return rgb.map((c) => Math.round(c * alpha + 255 * (1 - alpha))) as unknown as Rgb;
}

function hslToRgb(h: number, s: number, l: number): Rgb {
  // CSS Color 4, "Converting HSL colors to sRGB colors"
  const hue = ((h % 360) + 360) % 360;
  const f = (n: number): number => {
    const k = (n + hue / 30) % 12;
    const a = s * Math.min(l, 1 - l);
    return l - a * Math.max(-1, Math.min(k - 3, 9 - k, 1));
  };
  return [f(0), f(8), f(4)].map((v) => Math.round(clamp(v, 0, 1) * 255)) as unknown as Rgb;
}

/** The sRGB colour of a CSS colour (see the comment at the top of this file), or undefined. */
export function parseCssColour(text: string): Rgb | undefined {
  const value = text.trim().toLowerCase();
  const hex = /^#([0-9a-f]{3,4}|[0-9a-f]{6}|[0-9a-f]{8})$/.exec(value);
  if (hex) {
    let digits = hex[1]!;
    if (digits.length <= 4) digits = [...digits].map((d) => d + d).join('');
    const rgb = [0, 2, 4].map((i) => parseInt(digits.slice(i, i + 2), 16)) as unknown as Rgb;
    return digits.length === 8 ? overWhite(rgb, parseInt(digits.slice(6, 8), 16) / 255) : rgb;
  }
  const named = namedColours().get(value);
  if (named) return parseCssColour(named);
  const fn = /^(rgba?|hsla?)\(([^()]*)\)$/.exec(value);
  if (!fn) return undefined;
  // "rgb(1, 2, 3)", "rgb(1 2 3 / 50%)", "rgba(1, 2, 3, 0.5)": three channels, then an optional alpha
  const tokens = fn[2]!.split(/[\s,/]+/).filter(Boolean);
  if (tokens.length !== 3 && tokens.length !== 4) return undefined;
  const alpha = alphaOf(tokens[3]);
  if (alpha === undefined) return undefined;
  if (fn[1]!.startsWith('rgb')) {
    const channels = tokens.slice(0, 3).map((t) => {
      const v = t.endsWith('%') ? cssNumber(t, '%') : cssNumber(t);
      return v === undefined ? undefined : Math.round(clamp(t.endsWith('%') ? (v * 255) / 100 : v, 0, 255));
    });
    if (channels.some((c) => c === undefined)) return undefined;
    return overWhite(channels as unknown as Rgb, alpha);
  }
  const hue = cssNumber(tokens[0]!, 'deg');
  // saturation and lightness: percentages, or (CSS Color 4) plain numbers meaning the same
  const [s, l] = tokens.slice(1, 3).map((t) => cssNumber(t, '%'));
  if (hue === undefined || s === undefined || l === undefined) return undefined;
  return overWhite(hslToRgb(hue, clamp(s, 0, 100) / 100, clamp(l, 0, 100) / 100), alpha);
}

/** '#rrggbb' of an sRGB colour. */
export function rgbToHex(rgb: Rgb): string {
  return `#${rgb.map((c) => Math.round(clamp(c, 0, 255)).toString(16).padStart(2, '0')).join('')}`;
}


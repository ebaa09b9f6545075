/**
 * A zip archive of files stored as they are (no compression: STL files are many and small, and a printer's
 * software unpacks any zip), so that the app can hand out a folder's worth of files as one download without
 * a library. The format: for each file a local header and its bytes, then the central directory (one
 * entry per file) and its end record; CRC-32 (the polynomial 0xEDB88320) of each file's bytes.
 */

const CRC_TABLE = (() => {
  const table = new Uint32Array(256);
  for (let n = 0; n < 256; n++) {
    let c = n;
    for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
    table[n] = c >>> 0;
  }
  return table;
})();

function crc32(bytes: Uint8Array): number {
  let c = 0xffffffff;
  for (const b of bytes) c = CRC_TABLE[(c ^ b) & 0xff]! ^ (c >>> 8);
  return (c ^ 0xffffffff) >>> 0;
}

/** The files (names in ASCII, at most 65,535 of them) as one zip archive. */
export function zipStored(files: readonly { readonly name: string; readonly bytes: Uint8Array }[]): Uint8Array {
  const names = files.map((f) => new TextEncoder().encode(f.name));
  const size = files.reduce((n, f, i) => n + 30 + names[i]!.length + f.bytes.length + 46 + names[i]!.length, 22);
  const out = new Uint8Array(size);
  const view = new DataView(out.buffer);
  let at = 0;
  const offsets: number[] = [];
  const crcs = files.map((f) => crc32(f.bytes));
  // 1980-01-01 00:00, the earliest time the format has: the archive is the same whenever it is made
  const [time, date] = [0, (0 << 9) | (1 << 5) | 1];
  const header = (signature: number, i: number, central: boolean): void => {
    const f = files[i]!;
    view.setUint32(at, signature, true);
    at += 4;
    if (central) {
      view.setUint16(at, 20, true); // made by: version 2.0
      at += 2;
    }
    for (const v of [20, 0, 0, time, date]) { // version needed, flags, stored, time, date
      view.setUint16(at, v, true);
      at += 2;
    }
    for (const v of [crcs[i]!, f.bytes.length, f.bytes.length]) {
      view.setUint32(at, v, true);
      at += 4;
    }
    view.setUint16(at, names[i]!.length, true);
    view.setUint16(at + 2, 0, true); // extra field
    at += 4;
    if (central) {
      for (const v of [0, 0, 0]) { // comment, disk, internal attributes
        view.setUint16(at, v, true);
        at += 2;
      }
      view.setUint32(at, 0, true); // external attributes
      view.setUint32(at + 4, offsets[i]!, true);
      at += 8;
    }
    out.set(names[i]!, at);
    at += names[i]!.length;
  };
  files.forEach((f, i) => {
    offsets.push(at);
    header(0x04034b50, i, false);
    out.set(f.bytes, at);
    at += f.bytes.length;
  });
  const directory = at;
  files.forEach((_, i) => header(0x02014b50, i, true));
  // the end record: no other disks, the number of entries (twice), the directory's size and offset, no comment
  view.setUint32(at, 0x06054b50, true);
  view.setUint16(at + 4, 0, true);
  view.setUint16(at + 6, 0, true);
  view.setUint16(at + 8, files.length, true);
  view.setUint16(at + 10, files.length, true);
  view.setUint32(at + 12, at - directory, true);
  view.setUint32(at + 16, directory, true);
  view.setUint16(at + 20, 0, true);
  return out;
}

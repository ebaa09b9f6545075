/** Zip archives read for tests, sharing no code with the app's writer (web/zip.ts); CRCs by Node's zlib. */
import { crc32 } from 'node:zlib';

/** Reads a zip through its central directory, as unzip does, checking each file's CRC with Node's zlib. */
export function readZip(zip: Uint8Array): Map<string, Uint8Array> {
  const view = new DataView(zip.buffer, zip.byteOffset, zip.byteLength);
  const end = zip.length - 22;
  if (view.getUint32(end, true) !== 0x06054b50) throw new Error('no end record where a zip without a comment has it');
  const count = view.getUint16(end + 10, true);
  let at = view.getUint32(end + 16, true);
  if (at + view.getUint32(end + 12, true) !== end) throw new Error('the central directory does not end at the end record');
  const files = new Map<string, Uint8Array>();
  for (let i = 0; i < count; i++) {
    if (view.getUint32(at, true) !== 0x02014b50) throw new Error(`no directory entry at ${at}`);
    if (view.getUint16(at + 10, true) !== 0) throw new Error('a file is compressed, not stored');
    const crc = view.getUint32(at + 16, true);
    const size = view.getUint32(at + 20, true);
    const nameLength = view.getUint16(at + 28, true);
    const local = view.getUint32(at + 42, true);
    const name = new TextDecoder().decode(zip.subarray(at + 46, at + 46 + nameLength));
    if (view.getUint32(local, true) !== 0x04034b50) throw new Error(`no local header for ${name}`);
    const start = local + 30 + view.getUint16(local + 26, true) + view.getUint16(local + 28, true);
    const bytes = zip.subarray(start, start + size);
    if (crc32(bytes) !== crc) throw new Error(`${name}: CRC-32 ${crc32(bytes)}, the directory says ${crc}`);
    files.set(name, bytes);
    at += 46 + nameLength;
  }
  return files;
}


import { describe, expect, it } from 'vitest';
import { readZip } from '../test-support/zip-read.js';
import { zipStored } from './zip.js';

describe('zip archives of stored files', () => {
  it('holds each file whole, with its CRC-32, found through the central directory', () => {
    const files = [
      { name: '01-V.stl', bytes: new Uint8Array([1, 2, 3, 255]) },
      { name: 'empty.txt', bytes: new Uint8Array(0) },
      { name: '03-long.bin', bytes: Uint8Array.from({ length: 5000 }, (_, i) => (i * 7919) & 255) },
    ];
    const read = readZip(zipStored(files));
    expect([...read.keys()]).toEqual(files.map((f) => f.name));
    for (const f of files) expect([...read.get(f.name)!]).toEqual([...f.bytes]);
    expect(readZip(zipStored([])).size).toBe(0);
    const broken = zipStored(files);
    broken[30 + files[0]!.name.length] ^= 1;
    expect(() => readZip(broken)).toThrow(/01-V.stl: CRC-32/);
  });
});

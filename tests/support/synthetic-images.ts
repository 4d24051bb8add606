// Valid pictures written directly, in milliseconds, without an encoder: large ones for what a
// 16-megapixel upload costs the server, and the JPEG variants a photo decoder must read
// (4:2:0 and 4:4:4 sampling, restart markers, progressive scans with refinement).
import { constants, deflateSync } from "node:zlib";

function crc32(bytes: Uint8Array) {
  let c = ~0;
  for (const byte of bytes) {
    c ^= byte;
    for (let k = 0; k < 8; k++) c = (c >>> 1) ^ (0xedb88320 & -(c & 1));
  }
  return ~c >>> 0;
}

function pngChunk(type: string, data: Uint8Array) {
  const out = Buffer.alloc(12 + data.length);
  out.writeUInt32BE(data.length, 0);
  out.write(type, 4, "ascii");
  Buffer.from(data).copy(out, 8);
  out.writeUInt32BE(crc32(out.subarray(4, 8 + data.length)), 8 + data.length);
  return out;
}

/** A width x height RGB (or RGBA) PNG of one grey: ~1 KB of file per 1 MB of picture. */
export function syntheticPng(width: number, height: number, channels: 3 | 4 = 3) {
  const row = 1 + width * channels;
  const raw = Buffer.alloc(row * height, 0x80);
  for (let y = 0; y < height; y++) raw[y * row] = 0; // filter: none
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(width, 0);
  ihdr.writeUInt32BE(height, 4);
  ihdr.set([8, channels === 4 ? 6 : 2, 0, 0, 0], 8);
  const idat = deflateSync(raw, { level: 9, strategy: constants.Z_RLE });
  return new Uint8Array(
    Buffer.concat([
      Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
      pngChunk("IHDR", ihdr),
      pngChunk("IDAT", idat),
      pngChunk("IEND", new Uint8Array()),
    ]),
  );
}

/** Entropy-coded bits, byte-stuffed (0xFF is followed by 0x00), growing as needed. */
class BitWriter {
  private out = new Uint8Array(1 << 16);
  private length = 0;
  private acc = 0;
  private n = 0;
  private push(byte: number) {
    if (this.length === this.out.length) {
      const bigger = new Uint8Array(this.out.length * 2);
      bigger.set(this.out);
      this.out = bigger;
    }
    this.out[this.length++] = byte;
  }
  write(bits: number, length: number) {
    for (let i = length - 1; i >= 0; i--) {
      this.acc = (this.acc << 1) | ((bits >> i) & 1);
      if (++this.n === 8) {
        this.push(this.acc);
        if (this.acc === 0xff) this.push(0);
        this.acc = 0;
        this.n = 0;
      }
    }
  }
  /** Pads the last byte with ones. */
  align() {
    if (this.n > 0) this.write(0xff >> this.n, 8 - this.n);
  }
  marker(code: number) {
    this.align();
    this.push(0xff);
    this.push(code);
  }
  bytes() {
    this.align();
    return this.out.subarray(0, this.length);
  }
}

const segment = (marker: number, body: number[]) => [0xff, marker, (body.length + 2) >> 8, (body.length + 2) & 0xff, ...body];

function jpegFile(head: number[], scans: Uint8Array) {
  const out = new Uint8Array(2 + head.length + scans.length + 2);
  out.set([0xff, 0xd8]);
  out.set(head, 2);
  out.set(scans, 2 + head.length);
  out.set([0xff, 0xd9], out.length - 2);
  return out;
}

/** A magnitude category (JPEG's SSSS) and its bits for a signed value. */
function category(value: number): [size: number, bits: number] {
  const size = value === 0 ? 0 : Math.floor(Math.log2(Math.abs(value))) + 1;
  return [size, value >= 0 ? value : value + (1 << size) - 1];
}

type Sampling = "4:2:0" | "4:4:4";

/**
 * A width x height baseline JPEG, laid out as a camera's: every block has a DC value that steps
 * up and down from one MCU to the next and `acPerBlock` AC coefficients of ±1 (about 3 bits
 * each), so a 16-megapixel one is about as large as a camera's (~3 MB at 20). With
 * `restartInterval`, RSTn markers every that many MCUs.
 */
export function syntheticJpeg(width: number, height: number, { sampling = "4:2:0" as Sampling, acPerBlock = 20, restartInterval = 0 } = {}) {
  const h = sampling === "4:2:0" ? 2 : 1;
  const head = [
    ...segment(0xdb, [0x00, ...new Array(64).fill(1)]),
    ...segment(0xc0, [8, height >> 8, height & 255, width >> 8, width & 255, 3, 1, (h << 4) | h, 0, 2, 0x11, 0, 3, 0x11, 0]),
    // DC: diff 0 -> "0", ±1 -> "10" + one bit. AC: end of block -> "0", ±1 -> "10" + one bit.
    ...segment(0xc4, [0x00, 1, 1, ...new Array(14).fill(0), 0x00, 0x01, 0x10, 1, 1, ...new Array(14).fill(0), 0x00, 0x01]),
    ...(restartInterval ? segment(0xdd, [restartInterval >> 8, restartInterval & 255]) : []),
    ...segment(0xda, [3, 1, 0x00, 2, 0x00, 3, 0x00, 0, 63, 0]),
  ];
  const bits = new BitWriter();
  let seed = 7;
  const block = (diff: number) => {
    if (diff === 0) bits.write(0, 1);
    else bits.write(diff > 0 ? 0b101 : 0b100, 3);
    for (let k = 0; k < acPerBlock; k++) {
      seed = (seed * 1103515245 + 12345) & 0x7fffffff;
      bits.write(0b100 | ((seed >> 16) & 1), 3);
    }
    bits.write(0, 1);
  };
  const mcusX = Math.ceil(width / (8 * h));
  const mcusY = Math.ceil(height / (8 * h));
  for (let mcu = 0; mcu < mcusX * mcusY; mcu++) {
    if (restartInterval && mcu > 0 && mcu % restartInterval === 0) bits.marker(0xd0 + ((mcu / restartInterval - 1) % 8));
    const step = mcu % 2 === 0 ? 1 : -1;
    for (let b = 0; b < h * h; b++) block(b === 0 ? step : 0);
    block(step);
    block(-step);
  }
  return jpegFile(head, bits.bytes());
}

/**
 * A progressive 4:2:0 JPEG of flat 8x8 blocks, written as encoders write one: the DC
 * coefficients first at half precision (all components interleaved), the luma's AC band (all
 * zero), then the DC's last bit. Block (bx, by)'s luma is 128 + ((bx * 7 + by * 13) % 41) - 20;
 * the chroma is flat (Cb +10, Cr -10).
 */
export function progressiveJpeg(width: number, height: number) {
  const dcSymbols = Array.from({ length: 12 }, (_, i) => i); // all categories, 4-bit codes
  const head = [
    ...segment(0xdb, [0x00, 8, ...new Array(63).fill(1)]), // DC step 8: a DC of d is a mean of 128 + d
    ...segment(0xc2, [8, height >> 8, height & 255, width >> 8, width & 255, 3, 1, 0x22, 0, 2, 0x11, 0, 3, 0x11, 0]),
    ...segment(0xc4, [0x00, 0, 0, 0, 12, ...new Array(12).fill(0), ...dcSymbols, 0x10, 1, ...new Array(15).fill(0), 0x00]),
  ];
  const mcusX = Math.ceil(width / 16);
  const mcusY = Math.ceil(height / 16);
  const luma = (bx: number, by: number) => ((bx * 7 + by * 13) % 41) - 20;
  const chroma = [10, -10];
  // Every block of the scan interleaving all three components, in MCU order: [component, value].
  const blocks: [number, number][] = [];
  for (let my = 0; my < mcusY; my++) {
    for (let mx = 0; mx < mcusX; mx++) {
      for (let v = 0; v < 2; v++) for (let u = 0; u < 2; u++) blocks.push([0, luma(mx * 2 + u, my * 2 + v)]);
      blocks.push([1, chroma[0]!], [2, chroma[1]!]);
    }
  }
  const scans: number[] = [];
  const scan = (header: number[], write: (bits: BitWriter) => void) => {
    const bits = new BitWriter();
    write(bits);
    scans.push(...segment(0xda, header), ...bits.bytes());
  };
  scan([3, 1, 0x00, 2, 0x00, 3, 0x00, 0, 0, 0x01], (bits) => {
    const pred = [0, 0, 0];
    for (const [c, value] of blocks) {
      const [size, extra] = category((value >> 1) - pred[c]!);
      pred[c] = value >> 1;
      bits.write(size, 4);
      bits.write(extra, size);
    }
  });
  scan([1, 1, 0x00, 1, 63, 0x00], (bits) => {
    const lumaBlocks = Math.ceil(width / 8) * Math.ceil(height / 8);
    for (let i = 0; i < lumaBlocks; i++) bits.write(0, 1); // EOB: nothing more in this block
  });
  scan([3, 1, 0x00, 2, 0x00, 3, 0x00, 0, 0, 0x10], (bits) => {
    for (const [, value] of blocks) bits.write(value & 1, 1);
  });
  return jpegFile([...head, ...scans], new Uint8Array());
}

/** Adam7's passes: first column, first row, column step, row step. */
const ADAM7 = [[0, 0, 8, 8], [4, 0, 8, 8], [0, 4, 4, 8], [2, 0, 4, 4], [0, 2, 2, 4], [1, 0, 2, 2], [0, 1, 1, 2]];

function paeth(a: number, b: number, c: number) {
  const p = a + b - c;
  const [pa, pb, pc] = [Math.abs(p - a), Math.abs(p - b), Math.abs(p - c)];
  return pa <= pb && pa <= pc ? a : pb <= pc ? b : c;
}

/**
 * An 8-bit PNG of `channels` (1-4) whose rows use the five filters in turn (none, sub, up,
 * average, Paeth), optionally Adam7-interlaced: what encoders write and a decoder must undo.
 */
export function filteredPng(width: number, height: number, channels: number, pixels: Uint8Array, { interlaced = false } = {}) {
  const colorType = [0, 0, 4, 2, 6][channels]!;
  const passes = interlaced ? ADAM7 : [[0, 0, 1, 1]];
  const rows: number[] = [];
  let filter = 0;
  for (const [x0, y0, dx, dy] of passes as [number, number, number, number][]) {
    const columns = Math.ceil((width - x0) / dx);
    const lines = Math.ceil((height - y0) / dy);
    if (columns <= 0 || lines <= 0) continue;
    let previous = new Uint8Array(columns * channels);
    for (let j = 0; j < lines; j++) {
      const raw = new Uint8Array(columns * channels);
      for (let i = 0; i < columns; i++) {
        const from = ((y0 + j * dy) * width + x0 + i * dx) * channels;
        raw.set(pixels.subarray(from, from + channels), i * channels);
      }
      const f = filter++ % 5;
      rows.push(f);
      for (let k = 0; k < raw.length; k++) {
        const a = k >= channels ? raw[k - channels]! : 0;
        const b = previous[k]!;
        const c = k >= channels ? previous[k - channels]! : 0;
        const predicted = [0, a, b, (a + b) >> 1, paeth(a, b, c)][f]!;
        rows.push((raw[k]! - predicted) & 255);
      }
      previous = raw;
    }
  }
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(width, 0);
  ihdr.writeUInt32BE(height, 4);
  ihdr.set([8, colorType, 0, 0, interlaced ? 1 : 0], 8);
  return new Uint8Array(
    Buffer.concat([
      Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
      pngChunk("IHDR", ihdr),
      pngChunk("IDAT", deflateSync(Uint8Array.from(rows))),
      pngChunk("IEND", new Uint8Array()),
    ]),
  );
}

// A large JPEG read at an eighth of its size: each 8x8 block's DC coefficient is the block's mean,
// so decoding only the DC coefficients (and skipping the rest) gives the picture at 1/8 without
// an inverse DCT and without holding the whole picture: a 16-megapixel photo costs ~1 MB here
// where a full decode costs hundreds (docs/decisions/0712). Baseline, extended and progressive
// Huffman JPEGs, 1, 3 or 4 (Adobe) components, any sampling; the colours as jpeg-js gives them.
import type { Raster } from "./profile-photo-square.server";

/** Canonical Huffman codes: per length, the largest code and where its values start; codes of up to 9 bits also by table. */
type Huffman = { maxCode: Int32Array; offset: Int32Array; values: Uint8Array; fast: Uint16Array };

const FAST_BITS = 9;

type Component = {
  id: number;
  h: number;
  v: number;
  /** The quantization table, and its DC step once the component's DC coefficients come. */
  table: number;
  quant: number;
  /** Blocks per line and per column, padded to whole MCUs; the DC coefficients, block by block. */
  paddedWidth: number;
  dc: Int32Array;
  pred: number;
};

type Frame = { width: number; height: number; progressive: boolean; components: Component[]; hMax: number; vMax: number };

const MAX_COMPONENTS = 4;

function buildHuffman(counts: Uint8Array, values: Uint8Array): Huffman {
  const maxCode = new Int32Array(18).fill(-1);
  const offset = new Int32Array(17);
  const fast = new Uint16Array(1 << FAST_BITS);
  let code = 0;
  let k = 0;
  for (let length = 1; length <= 16; length++) {
    const n = counts[length - 1]!;
    offset[length] = k - code;
    for (let i = 0; i < n && length <= FAST_BITS; i++) {
      // Every FAST_BITS-bit prefix that starts with this code: its length and value.
      const first = (code + i) << (FAST_BITS - length);
      fast.fill((length << 8) | (values[k + i] ?? 0), first, first + (1 << (FAST_BITS - length)));
    }
    if (n > 0) {
      code += n;
      k += n;
      maxCode[length] = code - 1;
    }
    if (code > 1 << length) throw new Error("bad Huffman table");
    code <<= 1;
  }
  if (k > values.length) throw new Error("bad Huffman table");
  return { maxCode, offset, values, fast };
}

/** The entropy-coded bits of a scan: stuffed zero bytes removed; at a marker, zeros. */
class Bits {
  private buffer = 0;
  private count = 0;
  /** At a marker: the scan's data ended (or broke off); every further bit is 0. */
  atMarker = false;

  constructor(
    private readonly data: Uint8Array,
    public pos: number,
  ) {}

  private fill() {
    while (this.count <= 24) {
      let byte = 0;
      if (!this.atMarker && this.pos < this.data.length) {
        byte = this.data[this.pos]!;
        if (byte !== 0xff) this.pos++;
        else if (this.data[this.pos + 1] === 0) this.pos += 2;
        else {
          this.atMarker = true;
          byte = 0;
        }
      }
      this.buffer = (this.buffer << 8) | byte;
      this.count += 8;
    }
  }

  /** The next `n` (up to 16) bits, without consuming them. */
  peek(n: number): number {
    if (this.count < n) this.fill();
    return (this.buffer >>> (this.count - n)) & ((1 << n) - 1);
  }

  bits(n: number): number {
    if (n === 0) return 0;
    const value = this.peek(n);
    this.count -= n;
    return value;
  }

  bit(): number {
    return this.bits(1);
  }

  /** A magnitude category's `t` bits as a signed value (JPEG's EXTEND). */
  signed(t: number): number {
    if (t === 0) return 0;
    if (t > 16) throw new Error("bad coefficient size");
    const value = this.bits(t);
    return value < 1 << (t - 1) ? value - (1 << t) + 1 : value;
  }

  decode(table: Huffman): number {
    const hit = table.fast[this.peek(FAST_BITS)]!;
    if (hit) {
      this.count -= hit >> 8;
      return hit & 0xff;
    }
    const code = this.peek(16);
    for (let length = FAST_BITS + 1; length <= 16; length++) {
      const prefix = code >>> (16 - length);
      if (prefix <= table.maxCode[length]!) {
        this.count -= length;
        return table.values[table.offset[length]! + prefix] ?? 0;
      }
    }
    throw new Error("bad Huffman code");
  }

  /** After a restart interval: drop the partial byte and step over the RSTn marker. */
  restart() {
    this.count = 0;
    this.buffer = 0;
    const marker = this.data[this.pos + 1] ?? 0;
    if (this.data[this.pos] === 0xff && marker >= 0xd0 && marker <= 0xd7) {
      this.pos += 2;
      this.atMarker = false;
    }
  }
}

/** The position of the next marker (not a stuffed byte, not a restart) at or after `pos`. */
function nextMarker(data: Uint8Array, pos: number) {
  for (let i = pos; i + 1 < data.length; i++) {
    const next = data[i + 1]!;
    if (data[i] === 0xff && next !== 0 && next !== 0xff && !(next >= 0xd0 && next <= 0xd7)) return i;
  }
  return data.length;
}

type Scan = { components: { component: Component; dc: Huffman | undefined; ac: Huffman | undefined }[]; ss: number; se: number; ah: number; al: number };

/** Decodes one scan's DC coefficients (AC scans of a progressive JPEG are skipped). Returns where it ended. */
function decodeScan(data: Uint8Array, start: number, frame: Frame, scan: Scan, restartInterval: number) {
  if (frame.progressive && scan.ss > 0) return nextMarker(data, start);
  const bits = new Bits(data, start);
  const single = scan.components.length === 1;
  const mcusX = Math.ceil(frame.width / (8 * frame.hMax));
  const mcusY = Math.ceil(frame.height / (8 * frame.vMax));
  const block = (entry: Scan["components"][number], index: number) => {
    const { component } = entry;
    if (frame.progressive && scan.ah > 0) {
      if (bits.bit()) component.dc[index] |= 1 << scan.al;
      return;
    }
    component.pred += bits.signed(bits.decode(entry.dc!));
    component.dc[index] = component.pred * (1 << scan.al);
    if (frame.progressive) return;
    // Sequential: read the block's AC coefficients past.
    for (let k = 1; k < 64; k++) {
      const rs = bits.decode(entry.ac!);
      const size = rs & 15;
      if (size === 0) {
        if (rs >> 4 < 15) break;
        k += 15;
        continue;
      }
      k += rs >> 4;
      bits.bits(size);
    }
  };
  let mcu = 0;
  const restartIfDue = () => {
    if (restartInterval > 0 && mcu > 0 && mcu % restartInterval === 0) {
      bits.restart();
      for (const { component } of scan.components) component.pred = 0;
    }
    mcu++;
  };
  if (single) {
    // One component alone: its own blocks in raster order, without the MCU padding.
    const entry = scan.components[0]!;
    const { component } = entry;
    const blocksX = Math.ceil(Math.ceil((frame.width * component.h) / frame.hMax) / 8);
    const blocksY = Math.ceil(Math.ceil((frame.height * component.v) / frame.vMax) / 8);
    for (let row = 0; row < blocksY; row++) {
      for (let col = 0; col < blocksX; col++) {
        restartIfDue();
        block(entry, row * component.paddedWidth + col);
      }
    }
  } else {
    for (let my = 0; my < mcusY; my++) {
      for (let mx = 0; mx < mcusX; mx++) {
        restartIfDue();
        for (const entry of scan.components) {
          const { component } = entry;
          for (let v = 0; v < component.v; v++) {
            for (let h = 0; h < component.h; h++) {
              block(entry, (my * component.v + v) * component.paddedWidth + mx * component.h + h);
            }
          }
        }
      }
    }
  }
  return nextMarker(data, bits.pos);
}

function readFrame(data: Uint8Array, at: number, progressive: boolean): Frame {
  if (data[at + 4] !== 8) throw new Error("only 8-bit JPEGs");
  const height = (data[at + 5]! << 8) | data[at + 6]!;
  const width = (data[at + 7]! << 8) | data[at + 8]!;
  const count = data[at + 9]!;
  if (width < 1 || height < 1 || count < 1 || count > MAX_COMPONENTS || count === 2) throw new Error("unsupported frame");
  const raw = Array.from({ length: count }, (_, i) => ({
    id: data[at + 10 + i * 3]!,
    h: data[at + 11 + i * 3]! >> 4,
    v: data[at + 11 + i * 3]! & 15,
    table: data[at + 12 + i * 3]! & 3,
  }));
  if (raw.some((c) => c.h < 1 || c.h > 4 || c.v < 1 || c.v > 4)) throw new Error("bad sampling");
  const hMax = Math.max(...raw.map((c) => c.h));
  const vMax = Math.max(...raw.map((c) => c.v));
  const mcusX = Math.ceil(width / (8 * hMax));
  const mcusY = Math.ceil(height / (8 * vMax));
  const components = raw.map((c) => ({
    id: c.id,
    h: c.h,
    v: c.v,
    table: c.table,
    quant: 1,
    paddedWidth: mcusX * c.h,
    dc: new Int32Array(mcusX * c.h * mcusY * c.v),
    pred: 0,
  }));
  return { width, height, progressive, components, hMax, vMax };
}

const clamp = (value: number) => (value < 0 ? 0 : value > 255 ? 255 : value);

/** The picture at 1/8 (each side rounded up): RGB, or grey for a one-component JPEG. */
function eighthRaster(frame: Frame, adobeTransform: number | null): Raster {
  const width = Math.ceil(frame.width / 8);
  const height = Math.ceil(frame.height / 8);
  const planes = frame.components.map((c) => {
    // A block's mean sample: its dequantized DC coefficient / 8, around 128.
    const plane = new Uint8Array(width * height);
    for (let y = 0; y < height; y++) {
      const row = Math.floor((y * c.v) / frame.vMax) * c.paddedWidth;
      for (let x = 0; x < width; x++) {
        plane[y * width + x] = clamp(Math.round((c.dc[row + Math.floor((x * c.h) / frame.hMax)]! * c.quant) / 8) + 128);
      }
    }
    return plane;
  });
  if (planes.length === 1) return { width, height, channels: 1, data: planes[0]! };
  if (planes.length === 4 && adobeTransform === null) throw new Error("4 components without Adobe marker");
  const out = new Uint8Array(width * height * 3);
  const [p1, p2, p3, p4] = planes as [Uint8Array, Uint8Array, Uint8Array, Uint8Array | undefined];
  // jpeg-js's conversions, so a picture looks the same whichever decoder read it: three
  // components are YCbCr; four are Adobe's (inverted) CMYK, or YCCK when the marker says so.
  const transform = !p4 || adobeTransform !== 0;
  for (let i = 0; i < width * height; i++) {
    const [c1, c2, c3] = [p1[i]!, p2[i]!, p3[i]!];
    let r = transform ? clamp(c1 + 1.402 * (c3 - 128)) | 0 : 255 - c1;
    let g = transform ? clamp(c1 - 0.3441363 * (c2 - 128) - 0.71413636 * (c3 - 128)) | 0 : 255 - c2;
    let b = transform ? clamp(c1 + 1.772 * (c2 - 128)) | 0 : 255 - c3;
    if (p4) {
      const k = 255 - p4[i]!;
      r = (255 - clamp(r * (1 - k / 255) + k)) | 0;
      g = (255 - clamp(g * (1 - k / 255) + k)) | 0;
      b = (255 - clamp(b * (1 - k / 255) + k)) | 0;
    }
    out[i * 3] = r;
    out[i * 3 + 1] = g;
    out[i * 3 + 2] = b;
  }
  return { width, height, channels: 3, data: out };
}

/**
 * The JPEG at an eighth of its size (see the top of this file). Throws on anything it cannot
 * read (arithmetic coding, lossless, 12-bit, broken headers); never loops past the data.
 */
export function decodeJpegEighth(data: Uint8Array): Raster {
  const quant = new Int32Array(4).fill(1);
  const dcTables: (Huffman | undefined)[] = [];
  const acTables: (Huffman | undefined)[] = [];
  let frame: Frame | null = null;
  let restartInterval = 0;
  let adobeTransform: number | null = null;
  let scans = 0;
  let pos = 2;
  while (pos + 4 <= data.length) {
    if (data[pos] !== 0xff) throw new Error("marker expected");
    const marker = data[pos + 1]!;
    if (marker === 0xff) {
      pos++;
      continue;
    }
    if (marker === 0xd9) break; // EOI
    if (marker === 0xd8 || marker === 0x01 || (marker >= 0xd0 && marker <= 0xd7)) {
      pos += 2;
      continue;
    }
    const length = (data[pos + 2]! << 8) | data[pos + 3]!;
    const end = pos + 2 + length;
    if (length < 2 || end > data.length) throw new Error("truncated segment");
    if (marker === 0xdb) {
      for (let i = pos + 4; i < end; ) {
        const precision = data[i]! >> 4;
        const table = data[i]! & 3;
        quant[table] = precision ? (data[i + 1]! << 8) | data[i + 2]! : data[i + 1]!;
        i += 1 + 64 * (precision ? 2 : 1);
      }
    } else if (marker === 0xc4) {
      for (let i = pos + 4; i < end; ) {
        const counts = data.subarray(i + 1, i + 17);
        const total = counts.reduce((sum, n) => sum + n, 0);
        const table = buildHuffman(counts, data.subarray(i + 17, i + 17 + total));
        (data[i]! >> 4 ? acTables : dcTables)[data[i]! & 3] = table;
        i += 17 + total;
      }
    } else if (marker === 0xdd) {
      restartInterval = (data[pos + 4]! << 8) | data[pos + 5]!;
    } else if (marker === 0xee && length >= 14 && String.fromCharCode(...data.subarray(pos + 4, pos + 9)) === "Adobe") {
      adobeTransform = data[pos + 15]!;
    } else if (marker === 0xc0 || marker === 0xc1 || marker === 0xc2) {
      if (frame) throw new Error("second frame");
      frame = readFrame(data, pos, marker === 0xc2);
    } else if (marker >= 0xc3 && marker <= 0xcf && marker !== 0xc4 && marker !== 0xc8 && marker !== 0xcc) {
      throw new Error("unsupported JPEG process");
    } else if (marker === 0xda) {
      if (!frame) throw new Error("scan before frame");
      const count = data[pos + 4]!;
      const components = Array.from({ length: count }, (_, i) => {
        const id = data[pos + 5 + i * 2]!;
        const tables = data[pos + 6 + i * 2]!;
        const component = frame!.components.find((c) => c.id === id);
        if (!component) throw new Error("unknown component");
        return { component, dc: dcTables[tables >> 4], ac: acTables[tables & 15] };
      });
      const at = pos + 5 + count * 2;
      const scan = { components, ss: data[at]!, se: data[at + 1]!, ah: data[at + 2]! >> 4, al: data[at + 2]! & 15 };
      const needsDc = !(frame.progressive && (scan.ss > 0 || scan.ah > 0));
      if (count < 1 || (needsDc && components.some((c) => !c.dc)) || (!frame.progressive && components.some((c) => !c.ac))) {
        throw new Error("scan without tables");
      }
      // The quantization table in force when the DC coefficients come is the one that applies.
      if (needsDc) for (const { component } of components) component.quant = quant[component.table]!;
      pos = decodeScan(data, end, frame, scan, restartInterval);
      scans++;
      continue;
    }
    pos = end;
  }
  if (!frame || scans === 0) throw new Error("no picture");
  return eighthRaster(frame, adobeTransform);
}

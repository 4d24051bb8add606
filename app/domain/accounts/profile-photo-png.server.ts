// A PNG decoded row by row straight into the stored square: the image data is inflated as a
// stream (the platform's DecompressionStream, native on Node and on Workers), each row unfiltered
// against the one before and added to the square's averages, so a 16-megapixel PNG costs two rows
// of memory instead of its 48-64 MB of pixels (docs/decisions/0712).
// Every colour type and bit depth, palettes with their transparency, Adam7 interlacing; samples
// as fast-png gives them (16-bit: the high byte; grey's and RGB's tRNS key colour is not applied).
import { SquareAccumulator, type Square } from "./profile-photo-square.server";

const CHANNELS: Record<number, number> = { 0: 1, 2: 3, 3: 1, 4: 2, 6: 4 };
const DEPTHS: Record<number, number[]> = { 0: [1, 2, 4, 8, 16], 2: [8, 16], 3: [1, 2, 4, 8], 4: [8, 16], 6: [8, 16] };
/** Adam7's passes: first column, first row, column step, row step. */
const ADAM7 = [[0, 0, 8, 8], [4, 0, 8, 8], [0, 4, 4, 8], [2, 0, 4, 4], [0, 2, 2, 4], [1, 0, 2, 2], [0, 1, 1, 2]] as const;

type Header = { width: number; height: number; depth: number; colorType: number; interlaced: boolean };

const u32 = (b: Uint8Array, i: number) => ((b[i]! << 24) | (b[i + 1]! << 16) | (b[i + 2]! << 8) | b[i + 3]!) >>> 0;
const ascii = (b: Uint8Array, i: number) => String.fromCharCode(b[i]!, b[i + 1]!, b[i + 2]!, b[i + 3]!);

function readChunks(bytes: Uint8Array) {
  let header: Header | null = null;
  let palette: Uint8Array | null = null;
  let alphas: Uint8Array | null = null;
  const data: Uint8Array[] = [];
  for (let i = 8; i + 8 <= bytes.length; ) {
    const length = u32(bytes, i);
    const type = ascii(bytes, i + 4);
    const body = bytes.subarray(i + 8, Math.min(bytes.length, i + 8 + length));
    if (type === "IHDR" && body.length >= 13) {
      if (body[10] !== 0 || body[11] !== 0 || body[12]! > 1) throw new Error("unsupported PNG method");
      header = { width: u32(body, 0), height: u32(body, 4), depth: body[8]!, colorType: body[9]!, interlaced: body[12] === 1 };
    } else if (type === "PLTE") palette = body;
    else if (type === "tRNS") alphas = body;
    else if (type === "IDAT") data.push(body);
    else if (type === "IEND") break;
    i += 12 + length;
  }
  if (!header || !DEPTHS[header.colorType]?.includes(header.depth)) throw new Error("bad PNG header");
  if (header.colorType === 3 && !palette) throw new Error("palette missing");
  return { header, palette, alphas, data };
}

/** Undoes a row's filter in place (`previous` is the row above, zeros for a pass's first row). */
function unfilter(filter: number, row: Uint8Array, previous: Uint8Array, bpp: number) {
  const n = row.length;
  switch (filter) {
    case 0:
      return;
    case 1:
      for (let i = bpp; i < n; i++) row[i] = (row[i]! + row[i - bpp]!) & 255;
      return;
    case 2:
      for (let i = 0; i < n; i++) row[i] = (row[i]! + previous[i]!) & 255;
      return;
    case 3:
      for (let i = 0; i < n; i++) row[i] = (row[i]! + (((i >= bpp ? row[i - bpp]! : 0) + previous[i]!) >> 1)) & 255;
      return;
    case 4:
      for (let i = 0; i < n; i++) {
        const a = i >= bpp ? row[i - bpp]! : 0;
        const b = previous[i]!;
        const c = i >= bpp ? previous[i - bpp]! : 0;
        const p = a + b - c;
        const pa = Math.abs(p - a);
        const pb = Math.abs(p - b);
        const pc = Math.abs(p - c);
        row[i] = (row[i]! + (pa <= pb && pa <= pc ? a : pb <= pc ? b : c)) & 255;
      }
      return;
    default:
      throw new Error("bad PNG filter");
  }
}

/** One unfiltered row of `count` pixels as RGBA 8-bit. */
function toRgba(header: Header, row: Uint8Array, count: number, out: Uint8Array, palette: Uint8Array | null, alphas: Uint8Array | null) {
  const { depth, colorType } = header;
  if (depth < 8) {
    const max = (1 << depth) - 1;
    for (let x = 0; x < count; x++) {
      const bit = x * depth;
      const value = (row[bit >> 3]! >> (8 - depth - (bit & 7))) & max;
      if (colorType === 3) setPaletteColour(out, x * 4, value, palette!, alphas);
      else setRgba(out, x * 4, Math.round((value * 255) / max));
    }
    return;
  }
  const step = depth >> 3; // 16-bit samples: the high byte
  const stride = CHANNELS[colorType]! * step;
  for (let x = 0, p = 0, o = 0; x < count; x++, p += stride, o += 4) {
    switch (colorType) {
      case 0: setRgba(out, o, row[p]!); break;
      case 2: setRgba(out, o, row[p]!, row[p + step]!, row[p + 2 * step]!); break;
      case 3: setPaletteColour(out, o, row[p]!, palette!, alphas); break;
      case 4: setRgba(out, o, row[p]!, row[p]!, row[p]!, row[p + step]!); break;
      default: setRgba(out, o, row[p]!, row[p + step]!, row[p + 2 * step]!, row[p + 3 * step]!);
    }
  }
}

function setRgba(out: Uint8Array, o: number, r: number, g = r, b = r, a = 255) {
  out[o] = r;
  out[o + 1] = g;
  out[o + 2] = b;
  out[o + 3] = a;
}

function setPaletteColour(out: Uint8Array, o: number, index: number, palette: Uint8Array, alphas: Uint8Array | null) {
  if (index * 3 + 2 >= palette.length) throw new Error("colour outside the palette");
  out[o] = palette[index * 3]!;
  out[o + 1] = palette[index * 3 + 1]!;
  out[o + 2] = palette[index * 3 + 2]!;
  out[o + 3] = alphas && index < alphas.length ? alphas[index]! : 255;
}

/** The image data inflates to more than its header's rows: a decompression bomb. */
export class PngInflatesTooFar extends Error {}

/**
 * The PNG's square of at most `size` a side (see the top of this file). Throws on a broken or
 * truncated PNG, and PngInflatesTooFar as soon as the data goes on past the header's last row.
 */
export async function reducePng(bytes: Uint8Array, size: number): Promise<Square> {
  const { header, palette, alphas, data } = readChunks(bytes);
  const { width, height, depth, colorType, interlaced } = header;
  const bitsPerPixel = CHANNELS[colorType]! * depth;
  const bpp = Math.max(1, bitsPerPixel >> 3);
  const square = new SquareAccumulator(width, height, size);
  const passes = (interlaced ? ADAM7 : [[0, 0, 1, 1] as const])
    .map(([x0, y0, dx, dy]) => ({ x0, y0, dx, dy, columns: Math.ceil((width - x0) / dx), rows: Math.ceil((height - y0) / dy) }))
    .filter((pass) => pass.columns > 0 && pass.rows > 0);
  const rgba = new Uint8Array(width * 4);
  let pass = 0;
  let rowInPass = 0;
  // The row being filled (its filter byte, then its samples) and the row above it, unfiltered.
  let row = new Uint8Array(1 + Math.ceil((passes[0]!.columns * bitsPerPixel) / 8));
  let previous = new Uint8Array(row.length - 1);
  let filled = 0;
  const done = () => pass >= passes.length;

  const rowDone = () => {
    const current = passes[pass]!;
    const pixels = row.subarray(1);
    unfilter(row[0]!, pixels, previous, bpp);
    toRgba(header, pixels, current.columns, rgba, palette, alphas);
    square.add(current.y0 + rowInPass * current.dy, rgba, current.columns, current.x0, current.dx);
    previous.set(pixels);
    filled = 0;
    if (++rowInPass < current.rows) return;
    pass++;
    rowInPass = 0;
    if (done()) return;
    const rowBytes = Math.ceil((passes[pass]!.columns * bitsPerPixel) / 8);
    row = new Uint8Array(1 + rowBytes);
    previous = new Uint8Array(rowBytes);
  };

  let beyond = false;
  const consume = (chunk: Uint8Array) => {
    if (done() && chunk.length > 0) beyond = true;
    for (let i = 0; i < chunk.length && !done(); ) {
      const take = Math.min(row.length - filled, chunk.length - i);
      row.set(chunk.subarray(i, i + take), filled);
      filled += take;
      i += take;
      if (filled === row.length) rowDone();
      if (done() && i < chunk.length) beyond = true;
    }
  };
  const inflated = new Blob(data as BlobPart[]).stream().pipeThrough(new DecompressionStream("deflate")).getReader();
  try {
    for (;;) {
      const { done: ended, value } = await inflated.read();
      if (ended) break;
      consume(value);
      if (beyond) break;
    }
  } catch (error) {
    // Bytes after the end of the compressed data once every row is in: harmless, as elsewhere.
    if (!done()) throw error;
  } finally {
    void inflated.cancel().catch(() => {});
  }
  if (beyond) throw new PngInflatesTooFar();
  if (!done()) throw new Error("PNG data ends early");
  return square.finish();
}

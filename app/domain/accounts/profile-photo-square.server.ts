// The stored photo's square: the centre of the picture as it should appear (EXIF orientation
// applied), averaged down to at most AVATAR_SIZE a side, transparency over white. Pixels are
// added row by row as a decoder produces them, so a 16-megapixel PNG never has to exist whole
// in memory (docs/decisions/0712).

/** Decoded pixels: `channels` per pixel (1 grey, 2 grey+alpha, 3 RGB, 4 RGBA), 8 or 16 bits. */
export type Raster = {
  width: number;
  height: number;
  channels: number;
  data: Uint8Array | Uint8ClampedArray | Uint16Array;
};

export type Square = { width: number; height: number; data: Uint8Array };

/**
 * For each coordinate along one side of the upright picture, the output cell it is averaged
 * into, or -1 outside the centre square: cell k covers [floor(k*side/n), floor((k+1)*side/n)).
 */
function cellsAlong(length: number, side: number, n: number) {
  const cells = new Int32Array(length).fill(-1);
  const offset = Math.floor((length - side) / 2);
  for (let k = 0; k < n; k++) {
    const start = Math.floor((k * side) / n);
    const end = Math.max(start + 1, Math.floor(((k + 1) * side) / n));
    cells.fill(k, offset + start, offset + end);
  }
  return cells;
}

/**
 * Sums of a picture's pixels per output cell. `add` takes one row of the picture as stored
 * (before orientation), as RGBA 8-bit; `finish` gives the square.
 */
export class SquareAccumulator {
  readonly n: number;
  private readonly cellX: Int32Array;
  private readonly cellY: Int32Array;
  private readonly r: Float64Array;
  private readonly g: Float64Array;
  private readonly b: Float64Array;
  private readonly a: Float64Array;
  private readonly count: Float64Array;

  constructor(
    private readonly width: number,
    private readonly height: number,
    size: number,
    private readonly orientation = 1,
  ) {
    const swap = orientation >= 5;
    const uprightWidth = swap ? height : width;
    const uprightHeight = swap ? width : height;
    const side = Math.min(uprightWidth, uprightHeight);
    this.n = Math.max(1, Math.min(size, side));
    this.cellX = cellsAlong(uprightWidth, side, this.n);
    this.cellY = cellsAlong(uprightHeight, side, this.n);
    const cells = this.n * this.n;
    this.r = new Float64Array(cells);
    this.g = new Float64Array(cells);
    this.b = new Float64Array(cells);
    this.a = new Float64Array(cells);
    this.count = new Float64Array(cells);
  }

  /** Pixels `x0`, `x0 + step`, … (`length` of them) of stored row `y`, RGBA in `rgba`. */
  add(y: number, rgba: Uint8Array, length: number, x0 = 0, step = 1) {
    if (this.orientation === 1) return this.addUpright(y, rgba, length, x0, step);
    const { width: W, height: H, orientation, cellX, cellY, n } = this;
    for (let i = 0; i < length; i++) {
      const x = x0 + i * step;
      // Where stored pixel (x, y) lands in the upright picture (the inverse of EXIF's turn).
      let ux: number;
      let uy: number;
      switch (orientation) {
        case 2: ux = W - 1 - x; uy = y; break;
        case 3: ux = W - 1 - x; uy = H - 1 - y; break;
        case 4: ux = x; uy = H - 1 - y; break;
        case 5: ux = y; uy = x; break;
        case 6: ux = H - 1 - y; uy = x; break;
        case 7: ux = H - 1 - y; uy = W - 1 - x; break;
        default: ux = y; uy = W - 1 - x; // 8
      }
      const cx = cellX[ux]!;
      const cy = cellY[uy]!;
      if (cx >= 0 && cy >= 0) this.addPixels(cy * n + cx, rgba, i, i + 1);
    }
  }

  /** A row of a picture without a turn: neighbouring pixels of one cell are summed together. */
  private addUpright(y: number, rgba: Uint8Array, length: number, x0: number, step: number) {
    const cy = this.cellY[y]!;
    if (cy < 0) return;
    const { cellX, n } = this;
    for (let i = 0; i < length; ) {
      const cx = cellX[x0 + i * step]!;
      let end = i + 1;
      while (end < length && cellX[x0 + end * step] === cx) end++;
      if (cx >= 0) this.addPixels(cy * n + cx, rgba, i, end);
      i = end;
    }
  }

  private addPixels(cell: number, rgba: Uint8Array, from: number, to: number) {
    let r = 0;
    let g = 0;
    let b = 0;
    let a = 0;
    for (let p = from * 4; p < to * 4; p += 4) {
      const alpha = rgba[p + 3]!;
      r += rgba[p]! * alpha;
      g += rgba[p + 1]! * alpha;
      b += rgba[p + 2]! * alpha;
      a += alpha;
    }
    this.r[cell] += r;
    this.g[cell] += g;
    this.b[cell] += b;
    this.a[cell] += a;
    this.count[cell] += to - from;
  }

  /** Each cell's premultiplied average composited over white, as opaque RGBA. */
  finish(): Square {
    const { n } = this;
    const out = new Uint8Array(n * n * 4);
    for (let cell = 0; cell < n * n; cell++) {
      const count = this.count[cell]!;
      const q = Math.max(1, count) * 255;
      const white = 255 * (count * 255 - this.a[cell]!);
      const o = cell * 4;
      out[o] = Math.round((this.r[cell]! + white) / q);
      out[o + 1] = Math.round((this.g[cell]! + white) / q);
      out[o + 2] = Math.round((this.b[cell]! + white) / q);
      out[o + 3] = 255;
    }
    return { width: n, height: n, data: out };
  }
}

/** A decoded picture's square (`size` a side at most, never scaled up), RGBA. */
export function coverSquare(src: Raster, size: number, orientation = 1): Square {
  const { width: W, height: H, channels: C, data } = src;
  const shift = data instanceof Uint16Array ? 8 : 0;
  const square = new SquareAccumulator(W, H, size, orientation);
  const row = new Uint8Array(W * 4);
  for (let y = 0; y < H; y++) {
    for (let x = 0; x < W; x++) {
      const p = (y * W + x) * C;
      const o = x * 4;
      if (C >= 3) {
        row[o] = data[p]! >> shift;
        row[o + 1] = data[p + 1]! >> shift;
        row[o + 2] = data[p + 2]! >> shift;
        row[o + 3] = C === 4 ? data[p + 3]! >> shift : 255;
      } else {
        row[o] = row[o + 1] = row[o + 2] = data[p]! >> shift;
        row[o + 3] = C === 2 ? data[p + 1]! >> shift : 255;
      }
    }
    square.add(y, row, W);
  }
  return square.finish();
}

// The memory-bounded decoders against the libraries they replace for large pictures: a JPEG
// read at 1/8 gives each 8x8 block's mean as jpeg-js's full decode does; a PNG reduced row by
// row gives the very square fast-png's whole decode gives (docs/decisions/0712).
import { convertIndexedToRgb, decode as decodePng, encode as encodePng } from "fast-png";
import jpeg from "jpeg-js";
import { describe, expect, it } from "vitest";
import { filteredPng, progressiveJpeg, syntheticJpeg, syntheticPng } from "../../../tests/support/synthetic-images";
import { AVATAR_SIZE, processProfileImage } from "./profile-photo-image.server";
import { decodeJpegEighth } from "./profile-photo-jpeg.server";
import { PngInflatesTooFar, reducePng } from "./profile-photo-png.server";
import { coverSquare, type Raster } from "./profile-photo-square.server";

/** jpeg-js's full decode averaged over each 8x8 block: what the 1/8 decode should give. */
function blockMeans(bytes: Uint8Array) {
  const full = jpeg.decode(bytes, { useTArray: true, formatAsRGBA: false });
  const width = Math.ceil(full.width / 8);
  const height = Math.ceil(full.height / 8);
  const means = new Float64Array(width * height * 3);
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      for (let c = 0; c < 3; c++) {
        let sum = 0;
        let n = 0;
        for (let py = y * 8; py < Math.min(full.height, y * 8 + 8); py++) {
          for (let px = x * 8; px < Math.min(full.width, x * 8 + 8); px++, n++) sum += full.data[(py * full.width + px) * 3 + c]!;
        }
        means[(y * width + x) * 3 + c] = sum / n;
      }
    }
  }
  return { width, height, means };
}

function largestDifference(a: ArrayLike<number>, b: ArrayLike<number>) {
  expect(a.length).toBe(b.length);
  let most = 0;
  for (let i = 0; i < a.length; i++) most = Math.max(most, Math.abs(a[i]! - b[i]!));
  return most;
}

/**
 * A picture with detail, as jpeg-js's encoder writes it (4:4:4, standard tables). Its colours stay
 * clear of 0 and 255, where a full decode clips each pixel and a block's mean no longer says it.
 */
function encodedPhoto(width: number, height: number, quality: number) {
  const data = new Uint8Array(width * height * 4);
  for (let i = 0; i < width * height; i++) {
    const x = i % width;
    const y = Math.floor(i / width);
    data.set([40 + (x * 175) / width, 40 + (y * 175) / height, 128 + 60 * Math.sin((x + y) / 9), 255], i * 4);
  }
  return new Uint8Array(jpeg.encode({ width, height, data }, quality).data);
}

describe("decodeJpegEighth", () => {
  it.each([
    ["baseline 4:2:0", syntheticJpeg(203, 117)],
    ["baseline 4:4:4", syntheticJpeg(203, 117, { sampling: "4:4:4" })],
    ["restart markers", syntheticJpeg(203, 117, { restartInterval: 5 })],
    ["jpeg-js's encoder, quality 90", encodedPhoto(296, 200, 90)],
    ["jpeg-js's encoder, quality 30", encodedPhoto(296, 200, 30)],
  ])("gives each 8x8 block's mean: %s", (_, bytes) => {
    const eighth = decodeJpegEighth(bytes);
    const { width, height, means } = blockMeans(bytes);
    expect([eighth.width, eighth.height, eighth.channels]).toEqual([width, height, 3]);
    // The DC coefficient is the block's mean up to rounding and clamping.
    expect(largestDifference(eighth.data, means)).toBeLessThan(3);
  });

  it("reads progressive JPEGs: interleaved DC scans, refinement, AC bands skipped", () => {
    const bytes = progressiveJpeg(203, 117);
    const eighth = decodeJpegEighth(bytes);
    expect(largestDifference(eighth.data, blockMeans(bytes).means)).toBeLessThan(1);
  });

  it("refuses what it cannot read, without hanging", () => {
    const bytes = syntheticJpeg(64, 64);
    const arithmetic = bytes.slice();
    arithmetic[arithmetic.indexOf(0xc0, 2)] = 0xc9; // SOF9: arithmetic coding
    expect(() => decodeJpegEighth(arithmetic)).toThrow();
    expect(() => decodeJpegEighth(bytes.slice(0, 60))).toThrow();
    // Cut in the middle of the scan: the rest reads as zeros, still a picture of the right size.
    expect(decodeJpegEighth(bytes.slice(0, 300))).toMatchObject({ width: 8, height: 8 });
  });
});

/** The square as fast-png's whole decode and coverSquare gave it before (docs/decisions/0712). */
function wholeSquare(bytes: Uint8Array) {
  const png = decodePng(bytes);
  const { width, height, depth } = png;
  let raster: Raster = { width, height, channels: png.channels, data: png.data };
  if (png.palette) raster = { width, height, channels: png.palette[0]!.length, data: convertIndexedToRgb(png) };
  else if (depth < 8) {
    // Grey at 1, 2 or 4 bits, each row starting on a byte, scaled to 0-255.
    const grey = new Uint8Array(width * height);
    for (let y = 0; y < height; y++) {
      for (let x = 0; x < width; x++) {
        const byte = png.data[y * Math.ceil((width * depth) / 8) + ((x * depth) >> 3)]!;
        grey[y * width + x] = Math.round((((byte >> (8 - depth - ((x * depth) & 7))) & ((1 << depth) - 1)) * 255) / ((1 << depth) - 1));
      }
    }
    raster = { width, height, channels: 1, data: grey };
  }
  return coverSquare(raster, 40);
}

describe("reducePng", () => {
  const pixels = (n: number) => Uint8Array.from({ length: n }, (_, i) => (i * 37 + (i >> 5)) & 255);

  it.each([1, 2, 3, 4])("gives the whole decode's square for %i channel(s), every filter, plain and interlaced", async (channels) => {
    for (const interlaced of [false, true]) {
      for (const [w, h] of [[97, 61], [9, 17], [1, 1]] as const) {
        const bytes = filteredPng(w, h, channels, pixels(w * h * channels), { interlaced });
        expect((await reducePng(bytes, 40)).data).toEqual(wholeSquare(bytes).data);
      }
    }
  });

  it("reads 16-bit samples, grey at 1, 2 and 4 bits and palettes with transparency", async () => {
    const deep = encodePng({ width: 30, height: 20, channels: 4, depth: 16, data: Uint16Array.from(pixels(2400), (v) => v * 257) });
    const grey = ([1, 2, 4] as const).map((depth) => encodePng({ width: 30, height: 20, channels: 1, depth, data: pixels(Math.ceil((30 * depth) / 8) * 20) }));
    const palette = encodePng({
      width: 30,
      height: 20,
      channels: 1,
      depth: 8,
      data: Uint8Array.from({ length: 600 }, (_, i) => i % 3),
      palette: [[255, 0, 0], [0, 255, 0], [0, 0, 255, 128]],
    });
    for (const bytes of [deep, ...grey, palette]) expect((await reducePng(bytes, 40)).data).toEqual(wholeSquare(bytes).data);
  });

  it("refuses data that ends early, and data that goes on past the last row", async () => {
    const bytes = filteredPng(97, 61, 3, pixels(97 * 61 * 3));
    // Cut 200 bytes before the end of the compressed data (its CRC and IEND follow).
    await expect(reducePng(bytes.slice(0, bytes.length - 16 - 200), 40)).rejects.toThrow();
    // The same rows declared one shorter: the last row's bytes are one row too many.
    const short = bytes.slice();
    new DataView(short.buffer).setUint32(20, 60);
    await expect(reducePng(short, 40)).rejects.toThrow(PngInflatesTooFar);
  });
});

describe("16-megapixel photos", () => {
  it("a phone's 16 MP JPEG is stored (jpeg-js alone gave up on its memory after seconds)", async () => {
    const result = await processProfileImage(syntheticJpeg(4000, 4000, { sampling: "4:4:4", acPerBlock: 2 }));
    expect(result.ok && [result.image.width, result.image.height]).toEqual([AVATAR_SIZE, AVATAR_SIZE]);
  });

  it("a 16 MP PNG with transparency is stored (its rows' filter bytes no longer count against it)", async () => {
    const result = await processProfileImage(syntheticPng(4000, 4000, 4));
    expect(result.ok && [result.image.width, result.image.height]).toEqual([AVATAR_SIZE, AVATAR_SIZE]);
  });
});

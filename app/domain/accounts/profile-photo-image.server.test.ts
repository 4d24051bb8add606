import { encode as encodePng } from "fast-png";
import jpeg from "jpeg-js";
import { describe, expect, it } from "vitest";
import {
  AVATAR_SIZE,
  exifOrientation,
  MAX_SERVED_BYTES,
  processProfileImage,
  readImageInfo,
  sniffImageType,
} from "./profile-photo-image.server";
import { coverSquare } from "./profile-photo-square.server";

/** A w x h RGBA picture: left half red, right half blue (easy to check after a crop/rotation). */
function halves(w: number, h: number, alpha = 255) {
  const data = new Uint8Array(w * h * 4);
  for (let y = 0; y < h; y++) {
    for (let x = 0; x < w; x++) {
      const o = (y * w + x) * 4;
      const left = x < w / 2;
      data.set(left ? [255, 0, 0, alpha] : [0, 0, 255, alpha], o);
    }
  }
  return { width: w, height: h, data };
}

/** Noise defeats compression: the worst case for the stored size. */
function noise(w: number, h: number) {
  const data = new Uint8Array(w * h * 4);
  let seed = 42;
  for (let i = 0; i < data.length; i++) {
    seed = (seed * 1103515245 + 12345) & 0x7fffffff;
    data[i] = i % 4 === 3 ? 255 : seed & 0xff;
  }
  return { width: w, height: h, data };
}

const png = (img: { width: number; height: number; data: Uint8Array }) =>
  encodePng({ width: img.width, height: img.height, data: img.data, channels: 4, depth: 8 });
const jpg = (img: { width: number; height: number; data: Uint8Array }, q = 90) =>
  new Uint8Array(jpeg.encode(img, q).data);

/** A TIFF block (as inside an EXIF APP1 segment) holding only the orientation tag. */
function tiffWithOrientation(value: number, littleEndian: boolean) {
  const b = new Uint8Array(26);
  const v = new DataView(b.buffer);
  b.set(littleEndian ? [0x49, 0x49] : [0x4d, 0x4d]);
  v.setUint16(2, 42, littleEndian);
  v.setUint32(4, 8, littleEndian);
  v.setUint16(8, 1, littleEndian); // one entry
  v.setUint16(10, 0x0112, littleEndian);
  v.setUint16(12, 3, littleEndian); // SHORT
  v.setUint32(14, 1, littleEndian);
  v.setUint16(18, value, littleEndian);
  return b;
}

/** The JPEG with an EXIF APP1 segment (orientation) inserted right after SOI. */
function withExif(jpegBytes: Uint8Array, orientation: number) {
  const tiff = tiffWithOrientation(orientation, false);
  const payload = new Uint8Array([0x45, 0x78, 0x69, 0x66, 0, 0, ...tiff]);
  const length = payload.length + 2;
  const app1 = new Uint8Array([0xff, 0xe1, length >> 8, length & 0xff, ...payload]);
  return new Uint8Array([...jpegBytes.subarray(0, 2), ...app1, ...jpegBytes.subarray(2)]);
}

function pixel(img: { width: number; data: Uint8Array }, x: number, y: number) {
  const o = (y * img.width + x) * 4;
  return [img.data[o]!, img.data[o + 1]!, img.data[o + 2]!];
}

describe("sniffImageType (by content, never by name)", () => {
  it("recognises JPEG, PNG and WebP by their magic bytes", () => {
    expect(sniffImageType(jpg(halves(8, 8)))).toBe("image/jpeg");
    expect(sniffImageType(png(halves(8, 8)))).toBe("image/png");
    const webp = new TextEncoder().encode("RIFF\x24\x00\x00\x00WEBPVP8 ");
    expect(sniffImageType(webp)).toBe("image/webp");
  });

  it("refuses text, GIF, SVG, PDF and an empty file", () => {
    const enc = (s: string) => new TextEncoder().encode(s);
    expect(sniffImageType(enc("isto não é uma imagem"))).toBeNull();
    expect(sniffImageType(enc("GIF89a\x01\x00\x01\x00"))).toBeNull();
    expect(sniffImageType(enc('<svg xmlns="http://www.w3.org/2000/svg"/>'))).toBeNull();
    expect(sniffImageType(enc("%PDF-1.7"))).toBeNull();
    expect(sniffImageType(new Uint8Array())).toBeNull();
    expect(sniffImageType(enc("RIFF\x24\x00\x00\x00WAVEfmt "))).toBeNull();
  });
});

describe("readImageInfo", () => {
  it("reads PNG and JPEG sizes from the headers", () => {
    expect(readImageInfo(png(halves(30, 20)), "image/png")).toEqual({ width: 30, height: 20, orientation: 1 });
    expect(readImageInfo(jpg(halves(40, 10)), "image/jpeg")).toEqual({ width: 40, height: 10, orientation: 1 });
  });

  it("reads the EXIF orientation of a JPEG", () => {
    expect(readImageInfo(withExif(jpg(halves(40, 10)), 6), "image/jpeg")?.orientation).toBe(6);
  });

  it("reads both byte orders of the TIFF block and ignores out-of-range values", () => {
    expect(exifOrientation(tiffWithOrientation(8, true))).toBe(8);
    expect(exifOrientation(tiffWithOrientation(3, false))).toBe(3);
    expect(exifOrientation(tiffWithOrientation(9, false))).toBeNull();
    expect(exifOrientation(new Uint8Array([1, 2, 3]))).toBeNull();
  });

  it("reads the size of a lossy VP8 WebP", () => {
    const b = new Uint8Array(30);
    b.set(new TextEncoder().encode("RIFF\0\0\0\0WEBPVP8 "));
    new DataView(b.buffer).setUint16(26, 640, true);
    new DataView(b.buffer).setUint16(28, 480, true);
    expect(readImageInfo(b, "image/webp")).toEqual({ width: 640, height: 480, orientation: 1 });
  });
});

describe("coverSquare", () => {
  it("takes the centre square and never scales up", () => {
    const out = coverSquare({ ...halves(100, 40), channels: 4 }, 256);
    expect([out.width, out.height]).toEqual([40, 40]);
    // Centre 40 px of a 100 px wide picture: columns 30..69, red until 49, blue after.
    expect(pixel(out, 5, 20)).toEqual([255, 0, 0]);
    expect(pixel(out, 35, 20)).toEqual([0, 0, 255]);
  });

  it("scales down to the requested side by averaging", () => {
    const out = coverSquare({ ...halves(1000, 600), channels: 4 }, 256);
    expect([out.width, out.height]).toEqual([256, 256]);
    expect(pixel(out, 0, 0)).toEqual([255, 0, 0]);
    expect(pixel(out, 255, 255)).toEqual([0, 0, 255]);
  });

  it("applies the EXIF orientation (6: rotate 90° clockwise)", () => {
    // Red on the left, blue on the right; after a clockwise turn red is on top.
    const out = coverSquare({ ...halves(20, 20), channels: 4 }, 256, 6);
    expect(pixel(out, 10, 2)).toEqual([255, 0, 0]);
    expect(pixel(out, 10, 17)).toEqual([0, 0, 255]);
    const ccw = coverSquare({ ...halves(20, 20), channels: 4 }, 256, 8);
    expect(pixel(ccw, 10, 2)).toEqual([0, 0, 255]);
  });

  it("puts transparency over white", () => {
    const out = coverSquare({ ...halves(10, 10, 0), channels: 4 }, 256);
    expect(pixel(out, 2, 2)).toEqual([255, 255, 255]);
  });

  it("reads grey, grey+alpha and 16-bit samples", () => {
    const grey = coverSquare({ width: 2, height: 2, channels: 1, data: new Uint8Array([10, 10, 10, 10]) }, 256);
    expect(pixel(grey, 0, 0)).toEqual([10, 10, 10]);
    const deep = coverSquare({ width: 1, height: 1, channels: 3, data: new Uint16Array([65535, 0, 32768]) }, 256);
    expect(pixel(deep, 0, 0)).toEqual([255, 0, 128]);
  });
});

describe("processProfileImage", () => {
  it("turns a large PNG into a 256x256 JPEG well under 100 KB", async () => {
    const result = await processProfileImage(png(noise(1200, 900)));
    expect(result.ok).toBe(true);
    if (!result.ok) return;
    expect(result.image.contentType).toBe("image/jpeg");
    expect([result.image.width, result.image.height]).toEqual([AVATAR_SIZE, AVATAR_SIZE]);
    expect(result.image.data.byteLength).toBeLessThan(MAX_SERVED_BYTES);
    const back = jpeg.decode(result.image.data, { useTArray: true });
    expect([back.width, back.height]).toEqual([256, 256]);
  });

  it("re-encodes a JPEG upright and without its EXIF block", async () => {
    const result = await processProfileImage(withExif(jpg(halves(400, 300)), 6));
    expect(result.ok).toBe(true);
    if (!result.ok) return;
    const bytes = result.image.data;
    expect(readImageInfo(bytes, "image/jpeg")?.orientation).toBe(1);
    const back = jpeg.decode(bytes, { useTArray: true });
    // Rotated clockwise: the red half is now on top.
    const top = pixel(back, 128, 20);
    const bottom = pixel(back, 128, 235);
    expect(top[0]).toBeGreaterThan(200);
    expect(bottom[2]).toBeGreaterThan(200);
  });

  it("keeps a small picture at its own size", async () => {
    const result = await processProfileImage(png(halves(64, 48)));
    expect(result.ok && [result.image.width, result.image.height]).toEqual([48, 48]);
  });

  it("decodes palette and 1-bit grey PNGs", async () => {
    const palette = encodePng({
      width: 4,
      height: 4,
      depth: 8,
      channels: 1,
      data: new Uint8Array(16).fill(1),
      palette: [
        [0, 0, 0],
        [0, 200, 0],
      ],
    });
    const r1 = await processProfileImage(palette);
    expect(r1.ok).toBe(true);
    if (r1.ok) expect(pixel(jpeg.decode(r1.image.data, { useTArray: true }), 1, 1)[1]).toBeGreaterThan(150);

    const bits = encodePng({ width: 8, height: 2, depth: 1, channels: 1, data: new Uint8Array([0xff, 0xff]) });
    const r2 = await processProfileImage(bits);
    expect(r2.ok).toBe(true);
    if (r2.ok) expect(pixel(jpeg.decode(r2.image.data, { useTArray: true }), 0, 0)[0]).toBeGreaterThan(240);
  });

  it("refuses text disguised as an image, an empty file and more than 5 MB", async () => {
    expect(await processProfileImage(new TextEncoder().encode("olá"))).toEqual({ ok: false, error: "type" });
    expect(await processProfileImage(new Uint8Array())).toEqual({ ok: false, error: "empty" });
    const big = new Uint8Array(5 * 1024 * 1024 + 1);
    big.set([0xff, 0xd8, 0xff]);
    expect(await processProfileImage(big)).toEqual({ ok: false, error: "size" });
  });

  it("refuses a broken JPEG without throwing", async () => {
    const bytes = jpg(halves(64, 64));
    const broken = bytes.slice(0, 200);
    expect((await processProfileImage(broken)).ok).toBe(false);
    const garbage = new Uint8Array(500).fill(7);
    garbage.set([0xff, 0xd8, 0xff, 0xe0, 0, 4]);
    expect((await processProfileImage(garbage)).ok).toBe(false);
  });

  it("refuses a picture over 16 megapixels from its header alone", async () => {
    // A PNG header claiming 5000x5000: refused before any decoding.
    const header = png(halves(2, 2));
    new DataView(header.buffer, header.byteOffset).setUint32(16, 5000);
    new DataView(header.buffer, header.byteOffset).setUint32(20, 5000);
    expect(await processProfileImage(header)).toEqual({ ok: false, error: "resolution" });
  });

  it("keeps a small WebP as sent and refuses a large one", async () => {
    const small = new Uint8Array(2000);
    small.set(new TextEncoder().encode("RIFF\0\0\0\0WEBPVP8 "));
    new DataView(small.buffer).setUint16(26, 300, true);
    new DataView(small.buffer).setUint16(28, 300, true);
    const kept = await processProfileImage(small);
    expect(kept.ok && kept.image.contentType).toBe("image/webp");
    expect(kept.ok && kept.image.data.byteLength).toBe(2000);

    const large = new Uint8Array(MAX_SERVED_BYTES + 1);
    large.set(small.subarray(0, 30));
    expect(await processProfileImage(large)).toEqual({ ok: false, error: "webpTooBig" });
  });
});

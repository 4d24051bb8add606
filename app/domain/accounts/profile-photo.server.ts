// Profile photos: type checked by content, resized to a small square and re-encoded at upload
// time, so the booking page downloads a few KB. Pure JavaScript (jpeg-js, fast-png): the same
// code runs on Node and on Cloudflare Workers, with no WASM to load differently on each.
import { and, eq } from "drizzle-orm";
import { Unzlib } from "fflate";
import { convertIndexedToRgb, decode as decodePng } from "fast-png";
import jpeg from "jpeg-js";
import { profiles, storedImages } from "../../../db/schema";
import { IMAGE_MAX_BYTES, type ImageErrorCode } from "./profile-photo";
import type { Db } from "../../utils/db.server";
import { readBodyWithin } from "../../utils/request-body.server";

export { IMAGE_MAX_BYTES };
/** A body larger than this cannot be a 5 MB photo plus the rest of the form: refused, never parsed. */
export const MAX_UPLOAD_REQUEST_BYTES = IMAGE_MAX_BYTES + 1024 * 1024;
/** Side of the stored square (the booking page shows it at 64 CSS px, 128 on 2x screens). */
export const AVATAR_SIZE = 256;
/** What the booking page may download for the photo, at most. */
export const MAX_SERVED_BYTES = 100 * 1024;
/** Decoding needs ~4 bytes a pixel: 16 MP covers phone cameras. Read from the header, before decoding. */
export const MAX_PIXELS = 16_000_000;
/** What a PNG's image data may inflate to: 16 MP at 4 bytes a pixel (a 16-bit one must be smaller). */
export const MAX_INFLATED_BYTES = MAX_PIXELS * 4;
/**
 * A complete JPEG codes every 8x8 block with at least a bit or so: a camera's picture decodes to
 * at most a few hundred times its file size. A file far smaller than its declared picture is a
 * decompression bomb (or truncated), refused before the decoder allocates the whole picture.
 */
const MAX_JPEG_EXPANSION = 1000;
const JPEG_QUALITY = 82;

export type ImageType = "image/jpeg" | "image/png" | "image/webp";

/** The image type by its first bytes (magic numbers), whatever the file name or declared type. */
export function sniffImageType(bytes: Uint8Array): ImageType | null {
  const b = bytes;
  if (b.length >= 3 && b[0] === 0xff && b[1] === 0xd8 && b[2] === 0xff) return "image/jpeg";
  const png = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];
  if (b.length >= 8 && png.every((v, i) => b[i] === v)) return "image/png";
  if (b.length >= 12 && ascii(b, 0, 4) === "RIFF" && ascii(b, 8, 4) === "WEBP") return "image/webp";
  return null;
}

function ascii(b: Uint8Array, at: number, length: number) {
  return String.fromCharCode(...b.subarray(at, at + length));
}

const u16be = (b: Uint8Array, i: number) => (b[i]! << 8) | b[i + 1]!;
const u16le = (b: Uint8Array, i: number) => b[i]! | (b[i + 1]! << 8);
const u32be = (b: Uint8Array, i: number) => ((b[i]! << 24) | (b[i + 1]! << 16) | (b[i + 2]! << 8) | b[i + 3]!) >>> 0;
const u24le = (b: Uint8Array, i: number) => b[i]! | (b[i + 1]! << 8) | (b[i + 2]! << 16);

export type ImageInfo = { width: number; height: number; orientation: number };

/**
 * Width, height and (JPEG) EXIF orientation read from the headers alone, without decoding,
 * so an oversized picture is refused before it takes memory. Null when the headers are broken.
 */
export function readImageInfo(bytes: Uint8Array, type: ImageType): ImageInfo | null {
  if (type === "image/png") {
    if (bytes.length < 24 || ascii(bytes, 12, 4) !== "IHDR") return null;
    return { width: u32be(bytes, 16), height: u32be(bytes, 20), orientation: 1 };
  }
  if (type === "image/webp") return readWebpSize(bytes);
  return readJpegInfo(bytes);
}

function readWebpSize(b: Uint8Array): ImageInfo | null {
  if (b.length < 30) return null;
  const chunk = ascii(b, 12, 4);
  if (chunk === "VP8 ") {
    return { width: u16le(b, 26) & 0x3fff, height: u16le(b, 28) & 0x3fff, orientation: 1 };
  }
  if (chunk === "VP8L") {
    const [b0, b1, b2, b3] = [b[21]!, b[22]!, b[23]!, b[24]!];
    return {
      width: 1 + (((b1 & 0x3f) << 8) | b0),
      height: 1 + (((b3 & 0x0f) << 10) | (b2 << 2) | ((b1 & 0xc0) >> 6)),
      orientation: 1,
    };
  }
  if (chunk === "VP8X") return { width: 1 + u24le(b, 24), height: 1 + u24le(b, 27), orientation: 1 };
  return null;
}

function readJpegInfo(b: Uint8Array): ImageInfo | null {
  let orientation = 1;
  let i = 2;
  while (i + 4 <= b.length) {
    if (b[i] !== 0xff) return null;
    const marker = b[i + 1]!;
    if (marker === 0xff) {
      i += 1; // fill byte
      continue;
    }
    if (marker === 0xd8 || marker === 0x01 || (marker >= 0xd0 && marker <= 0xd7)) {
      i += 2;
      continue;
    }
    const length = u16be(b, i + 2);
    if (length < 2) return null;
    if (marker === 0xe1 && ascii(b, i + 4, 6) === "Exif\0\0") {
      orientation = exifOrientation(b.subarray(i + 10, i + 2 + length)) ?? orientation;
    }
    const isSof = marker >= 0xc0 && marker <= 0xcf && marker !== 0xc4 && marker !== 0xc8 && marker !== 0xcc;
    if (isSof) {
      if (i + 9 > b.length) return null;
      return { height: u16be(b, i + 5), width: u16be(b, i + 7), orientation };
    }
    i += 2 + length;
  }
  return null;
}

/** Tag 0x0112 of IFD0 in a TIFF block; null when absent or out of range. */
export function exifOrientation(tiff: Uint8Array): number | null {
  if (tiff.length < 8) return null;
  const le = ascii(tiff, 0, 2) === "II";
  if (!le && ascii(tiff, 0, 2) !== "MM") return null;
  const r16 = (i: number) => (i + 2 <= tiff.length ? (le ? u16le(tiff, i) : u16be(tiff, i)) : -1);
  const r32 = (i: number) =>
    i + 4 <= tiff.length ? (le ? (r16(i) | (r16(i + 2) << 16)) >>> 0 : u32be(tiff, i)) : -1;
  const ifd = r32(4);
  const count = r16(ifd);
  if (ifd < 0 || count < 0) return null;
  for (let k = 0; k < count; k++) {
    const entry = ifd + 2 + k * 12;
    if (entry + 12 > tiff.length) return null;
    if (r16(entry) === 0x0112) {
      const value = r16(entry + 8);
      return value >= 1 && value <= 8 ? value : null;
    }
  }
  return null;
}

/** Channels per colour type of a PNG (grey, -, RGB, palette, grey+alpha, -, RGBA). */
const PNG_CHANNELS: Record<number, number> = { 0: 1, 2: 3, 3: 1, 4: 2, 6: 4 };

/**
 * The size a PNG's image data must inflate to, from its header alone: each row (of each Adam7
 * pass when interlaced) is a filter byte and its packed samples. Null for an invalid header.
 */
export function pngInflatedSize(b: Uint8Array): number | null {
  if (b.length < 33 || ascii(b, 12, 4) !== "IHDR") return null;
  const width = u32be(b, 16);
  const height = u32be(b, 20);
  const depth = b[24]!;
  const channels = PNG_CHANNELS[b[25]!];
  const interlaced = b[28] === 1;
  if (!channels || ![1, 2, 4, 8, 16].includes(depth) || width < 1 || height < 1) return null;
  const rows = (w: number, h: number) => (w > 0 && h > 0 ? h * (1 + Math.ceil((w * channels * depth) / 8)) : 0);
  if (!interlaced) return rows(width, height);
  const passes = [[0, 0, 8, 8], [4, 0, 8, 8], [0, 4, 4, 8], [2, 0, 4, 4], [0, 2, 2, 4], [1, 0, 2, 2], [0, 1, 1, 2]];
  return passes.reduce(
    (sum, [x0, y0, dx, dy]) => sum + rows(Math.ceil((width - x0!) / dx!), Math.ceil((height - y0!) / dy!)),
    0,
  );
}

/** The concatenated IDAT chunks: the PNG's zlib-compressed image data. */
function pngImageData(b: Uint8Array): Uint8Array[] {
  const parts: Uint8Array[] = [];
  for (let i = 8; i + 8 <= b.length; ) {
    const length = u32be(b, i);
    const type = ascii(b, i + 4, 4);
    if (type === "IDAT") parts.push(b.subarray(i + 8, Math.min(b.length, i + 8 + length)));
    if (type === "IEND") break;
    i += 12 + length;
  }
  return parts;
}

/**
 * Whether zlib data inflates to at most `limit` bytes, found without holding the output: it is
 * fed to the inflater 1 KB at a time (1 KB of deflate yields at most ~1 MB) and counted, and
 * stops as soon as the count passes the limit. A decompression bomb is refused in milliseconds.
 */
export function inflatesWithin(compressed: Uint8Array[], limit: number): boolean {
  let total = 0;
  let over = false;
  const inflater = new Unzlib((chunk) => {
    total += chunk.length;
    if (total > limit) over = true;
  });
  try {
    for (const part of compressed) {
      for (let at = 0; at < part.length && !over; at += 1024) inflater.push(part.subarray(at, at + 1024));
      if (over) return false;
    }
  } catch {
    return total <= limit; // broken data: the decoder decides (and refuses) it
  }
  return !over;
}

/** Decoded pixels: `channels` per pixel (1 grey, 2 grey+alpha, 3 RGB, 4 RGBA), 8 or 16 bits. */
export type Raster = {
  width: number;
  height: number;
  channels: number;
  data: Uint8Array | Uint8ClampedArray | Uint16Array;
};

/**
 * The centre square of the picture (as it should appear, after EXIF orientation), scaled down
 * to at most `size` pixels a side by averaging (never scaled up), transparency over white.
 * Returns RGBA.
 */
export function coverSquare(src: Raster, size: number, orientation = 1) {
  const { width: W, height: H, channels: C, data } = src;
  const swap = orientation >= 5;
  const dw = swap ? H : W;
  const dh = swap ? W : H;
  const side = Math.min(dw, dh);
  const n = Math.max(1, Math.min(size, side));
  const ox = Math.floor((dw - side) / 2);
  const oy = Math.floor((dh - side) / 2);
  const shift = data instanceof Uint16Array ? 8 : 0;
  const out = new Uint8Array(n * n * 4);
  const bounds = (k: number, offset: number) => {
    const start = offset + Math.floor((k * side) / n);
    return [start, Math.max(start + 1, offset + Math.floor(((k + 1) * side) / n))] as const;
  };
  for (let j = 0; j < n; j++) {
    const [y0, y1] = bounds(j, oy);
    for (let i = 0; i < n; i++) {
      const [x0, x1] = bounds(i, ox);
      let r = 0;
      let g = 0;
      let bl = 0;
      let a = 0;
      let count = 0;
      for (let dy = y0; dy < y1; dy++) {
        for (let dx = x0; dx < x1; dx++) {
          let sx: number;
          let sy: number;
          switch (orientation) {
            case 2: sx = W - 1 - dx; sy = dy; break;
            case 3: sx = W - 1 - dx; sy = H - 1 - dy; break;
            case 4: sx = dx; sy = H - 1 - dy; break;
            case 5: sx = dy; sy = dx; break;
            case 6: sx = dy; sy = H - 1 - dx; break;
            case 7: sx = W - 1 - dy; sy = H - 1 - dx; break;
            case 8: sx = W - 1 - dy; sy = dx; break;
            default: sx = dx; sy = dy;
          }
          const p = (sy * W + sx) * C;
          let pr: number, pg: number, pb: number, pa: number;
          if (C >= 3) {
            pr = data[p]! >> shift;
            pg = data[p + 1]! >> shift;
            pb = data[p + 2]! >> shift;
            pa = C === 4 ? data[p + 3]! >> shift : 255;
          } else {
            pr = pg = pb = data[p]! >> shift;
            pa = C === 2 ? data[p + 1]! >> shift : 255;
          }
          r += pr * pa;
          g += pg * pa;
          bl += pb * pa;
          a += pa;
          count++;
        }
      }
      // Premultiplied average composited over white.
      const white = 255 * (count * 255 - a);
      const q = count * 255;
      const o = (j * n + i) * 4;
      out[o] = Math.round((r + white) / q);
      out[o + 1] = Math.round((g + white) / q);
      out[o + 2] = Math.round((bl + white) / q);
      out[o + 3] = 255;
    }
  }
  return { width: n, height: n, data: out };
}

function decodeJpeg(bytes: Uint8Array): Raster {
  const image = jpeg.decode(bytes, {
    useTArray: true,
    formatAsRGBA: false,
    maxResolutionInMP: MAX_PIXELS / 1_000_000,
    maxMemoryUsageInMB: 256,
  });
  return { width: image.width, height: image.height, channels: 3, data: image.data };
}

function decodePngRaster(bytes: Uint8Array): Raster {
  const png = decodePng(bytes);
  const { width, height } = png;
  if (png.palette) {
    const rgb = convertIndexedToRgb(png);
    return { width, height, channels: rgb.length / (width * height), data: rgb };
  }
  if (png.depth < 8) {
    // Grey at 1, 2 or 4 bits: rows of packed samples, each row starting on a byte.
    const depth = png.depth;
    const perRow = Math.ceil((width * depth) / 8);
    const max = (1 << depth) - 1;
    const out = new Uint8Array(width * height);
    for (let y = 0; y < height; y++) {
      for (let x = 0; x < width; x++) {
        const bit = x * depth;
        const byte = png.data[y * perRow + (bit >> 3)]!;
        const value = (byte >> (8 - depth - (bit & 7))) & max;
        out[y * width + x] = Math.round((value * 255) / max);
      }
    }
    return { width, height, channels: 1, data: out };
  }
  return { width, height, channels: png.channels, data: png.data };
}

function encodeJpeg(image: { width: number; height: number; data: Uint8Array }, quality: number) {
  const encoded = jpeg.encode(image, quality).data;
  return new Uint8Array(encoded.buffer, encoded.byteOffset, encoded.byteLength);
}

export type StoredImageInput = {
  contentType: ImageType;
  data: Uint8Array;
  width: number;
  height: number;
};

export type ProcessResult = { ok: true; image: StoredImageInput } | { ok: false; error: ImageErrorCode };

/**
 * A profile photo as uploaded -> what we store: JPEG and PNG become a JPEG of at most
 * 256x256 (centre crop, EXIF orientation applied, metadata dropped). WebP cannot be decoded
 * by a pure-JS codec; it is kept as sent only when already small (the browser converts it to
 * JPEG before upload when JavaScript runs). Never throws on bad input.
 */
export function processProfileImage(bytes: Uint8Array): ProcessResult {
  if (bytes.byteLength === 0) return { ok: false, error: "empty" };
  if (bytes.byteLength > IMAGE_MAX_BYTES) return { ok: false, error: "size" };
  const type = sniffImageType(bytes);
  if (!type) return { ok: false, error: "type" };
  const info = readImageInfo(bytes, type);
  if (!info || info.width < 1 || info.height < 1) return { ok: false, error: "unreadable" };
  if (info.width * info.height > MAX_PIXELS) return { ok: false, error: "resolution" };
  if (type === "image/jpeg" && info.width * info.height * 3 > bytes.byteLength * MAX_JPEG_EXPANSION) {
    return { ok: false, error: "inflated" };
  }
  if (type === "image/png") {
    const declared = pngInflatedSize(bytes);
    if (declared === null) return { ok: false, error: "unreadable" };
    if (declared > MAX_INFLATED_BYTES || !inflatesWithin(pngImageData(bytes), declared)) {
      return { ok: false, error: "inflated" };
    }
  }

  if (type === "image/webp") {
    if (bytes.byteLength > MAX_SERVED_BYTES) return { ok: false, error: "webpTooBig" };
    return { ok: true, image: { contentType: type, data: bytes, width: info.width, height: info.height } };
  }

  let raster: Raster;
  try {
    raster = type === "image/jpeg" ? decodeJpeg(bytes) : decodePngRaster(bytes);
  } catch {
    return { ok: false, error: "unreadable" };
  }
  const square = coverSquare(raster, AVATAR_SIZE, info.orientation);
  let data = encodeJpeg(square, JPEG_QUALITY);
  if (data.byteLength > MAX_SERVED_BYTES) data = encodeJpeg(square, 60);
  return {
    ok: true,
    image: { contentType: "image/jpeg", data, width: square.width, height: square.height },
  };
}

export class UploadTooLargeError extends Error {}

/**
 * The request's form data, refusing bodies over `limit` bytes (counted while reading, the rest
 * read away so a browser still sending sees 'Arquivo muito grande'). Works the same on Node and
 * Workers.
 */
export async function readLimitedFormData(request: Request, limit = MAX_UPLOAD_REQUEST_BYTES) {
  const body = await readBodyWithin(request, limit);
  if (!body) throw new UploadTooLargeError();
  return new Response(body, {
    headers: { "Content-Type": request.headers.get("Content-Type") ?? "" },
  }).formData();
}

/**
 * Stores the photo and points the profile at it; the previous photo's row goes in the same
 * atomic batch. Returns the new image id.
 */
export async function replaceProfileImage(db: Db, userId: string, image: StoredImageInput) {
  const [current] = await db
    .select({ imageId: profiles.profileImageId })
    .from(profiles)
    .where(eq(profiles.userId, userId));
  const id = crypto.randomUUID();
  const insert = db.insert(storedImages).values({
    id,
    userId,
    contentType: image.contentType,
    width: image.width,
    height: image.height,
    byteSize: image.data.byteLength,
    data: Buffer.from(image.data.buffer, image.data.byteOffset, image.data.byteLength),
  });
  const point = db.update(profiles).set({ profileImageId: id }).where(eq(profiles.userId, userId));
  if (current?.imageId) {
    await db.batch([
      insert,
      point,
      db
        .delete(storedImages)
        .where(and(eq(storedImages.id, current.imageId), eq(storedImages.userId, userId))),
    ]);
  } else {
    await db.batch([insert, point]);
  }
  return id;
}

/** 'Remover foto': the profile shows initials again; only the owner's own row is deleted. */
export async function removeProfileImage(db: Db, userId: string) {
  const [current] = await db
    .select({ imageId: profiles.profileImageId })
    .from(profiles)
    .where(eq(profiles.userId, userId));
  if (!current?.imageId) return false;
  await db.batch([
    db.update(profiles).set({ profileImageId: null }).where(eq(profiles.userId, userId)),
    db
      .delete(storedImages)
      .where(and(eq(storedImages.id, current.imageId), eq(storedImages.userId, userId))),
  ]);
  return true;
}

/** The stored bytes and type of an image, for GET /imagens/:id. */
export async function getStoredImage(db: Db, id: string) {
  const [row] = await db
    .select({ contentType: storedImages.contentType, data: storedImages.data, byteSize: storedImages.byteSize })
    .from(storedImages)
    .where(eq(storedImages.id, id));
  return row ?? null;
}

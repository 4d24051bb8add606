// Profile photos: type checked by content, resized to a small square and re-encoded at upload
// time, so the booking page downloads a few KB. Pure JavaScript and web APIs: the same code
// runs on Node (in a worker thread, docs/decisions/0710) and on Cloudflare Workers, with no WASM
// to load differently on each. Its memory is bounded whatever the upload: a picture is refused
// from its header when too large, and a large one is never held whole (docs/decisions/0712).
import jpeg from "jpeg-js";
import { IMAGE_MAX_BYTES, type ImageErrorCode } from "./profile-photo";
import { decodeJpegEighth } from "./profile-photo-jpeg.server";
import { PngInflatesTooFar, reducePng } from "./profile-photo-png.server";
import { coverSquare, type Square } from "./profile-photo-square.server";

export { IMAGE_MAX_BYTES };
/** Side of the stored square (the booking page shows it at 64 CSS px, 128 on 2x screens). */
export const AVATAR_SIZE = 256;
/** What the booking page may download for the photo, at most. */
export const MAX_SERVED_BYTES = 100 * 1024;
/** 16 MP covers phone cameras. Read from the header, before decoding. */
export const MAX_PIXELS = 16_000_000;
/**
 * What a PNG's image data may inflate to: 16 MP at 4 bytes a pixel, plus each row's filter byte
 * (Adam7's passes have at most twice the rows). A 16-bit one must be smaller.
 */
export const maxInflatedBytes = (height: number) => MAX_PIXELS * 4 + 2 * height + 8;
/**
 * A JPEG up to this size is decoded whole (jpeg-js: ~70 MB at most); a larger one is read at an
 * eighth of its size, a few MB whatever its size. A photo just over 2 MP (1,633 x 1,225) then
 * gives a 153 px square; from about 4 MP on, the full 256 px. The booking page shows it at 64 CSS
 * px, 128 on 2x screens.
 */
export const WHOLE_JPEG_MAX_PIXELS = 2_000_000;
/**
 * A complete JPEG codes every 8x8 block with at least a bit or so: a camera's picture decodes to
 * at most a few hundred times its file size. A file far smaller than its declared picture is a
 * decompression bomb (or truncated), refused before any decoding.
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

function decodeJpegWhole(bytes: Uint8Array) {
  const image = jpeg.decode(bytes, {
    useTArray: true,
    formatAsRGBA: false,
    maxResolutionInMP: WHOLE_JPEG_MAX_PIXELS / 1_000_000,
    maxMemoryUsageInMB: 128,
  });
  return { width: image.width, height: image.height, channels: 3, data: image.data };
}

function encodeJpeg(image: Square, quality: number) {
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

/** What the header says of a picture before decoding: its type and orientation, or why it is refused. */
function check(bytes: Uint8Array): { ok: true; type: ImageType; info: ImageInfo } | { ok: false; error: ImageErrorCode } {
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
    if (declared > maxInflatedBytes(info.height)) return { ok: false, error: "inflated" };
  }
  return { ok: true, type, info };
}

/**
 * A profile photo as uploaded -> what we store: JPEG and PNG become a JPEG of at most
 * 256x256 (centre crop, EXIF orientation applied, metadata dropped). WebP cannot be decoded
 * by a pure-JS codec; it is kept as sent only when already small (the browser converts it to
 * JPEG before upload when JavaScript runs). Never rejects on bad input.
 */
export async function processProfileImage(bytes: Uint8Array): Promise<ProcessResult> {
  const checked = check(bytes);
  if (!checked.ok) return checked;
  const { type, info } = checked;
  if (type === "image/webp") {
    if (bytes.byteLength > MAX_SERVED_BYTES) return { ok: false, error: "webpTooBig" };
    return { ok: true, image: { contentType: type, data: bytes, width: info.width, height: info.height } };
  }
  let square: Square;
  try {
    if (type === "image/png") square = await reducePng(bytes, AVATAR_SIZE);
    else {
      const whole = info.width * info.height <= WHOLE_JPEG_MAX_PIXELS;
      square = coverSquare(whole ? decodeJpegWhole(bytes) : decodeJpegEighth(bytes), AVATAR_SIZE, info.orientation);
    }
  } catch (error) {
    return { ok: false, error: error instanceof PngInflatesTooFar ? "inflated" : "unreadable" };
  }
  let data = encodeJpeg(square, JPEG_QUALITY);
  if (data.byteLength > MAX_SERVED_BYTES) data = encodeJpeg(square, 60);
  return {
    ok: true,
    image: { contentType: "image/jpeg", data, width: square.width, height: square.height },
  };
}

// Decompression bombs: a small upload whose picture is enormous once decoded. Each is refused
// from its header or while inflating, in well under a second, without the process's memory
// growing by anything near the picture's size. Measured in a process of its own per file. And
// a real 16-megapixel photo is decoded without holding its pixels (docs/decisions/0712).
import { execFileSync } from "node:child_process";
import { mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { constants, createDeflate, deflateSync } from "node:zlib";
import { beforeAll, describe, expect, it } from "vitest";
import { IMAGE_ERRORS } from "../../app/domain/accounts/profile-photo";
import { syntheticJpeg, syntheticPng } from "../support/synthetic-images";

const root = new URL("../..", import.meta.url).pathname;
const dir = mkdtempSync(join(tmpdir(), "agendo-bombs-"));

function crc32(bytes: Uint8Array) {
  let c = ~0;
  for (const byte of bytes) {
    c ^= byte;
    for (let k = 0; k < 8; k++) c = (c >>> 1) ^ (0xedb88320 & -(c & 1));
  }
  return ~c >>> 0;
}

function chunk(type: string, data: Uint8Array) {
  const out = Buffer.alloc(12 + data.length);
  out.writeUInt32BE(data.length, 0);
  out.write(type, 4, "ascii");
  Buffer.from(data).copy(out, 8);
  out.writeUInt32BE(crc32(out.subarray(4, 8 + data.length)), 8 + data.length);
  return out;
}

function png(width: number, height: number, idat: Uint8Array, colorType = 6, depth = 8) {
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(width, 0);
  ihdr.writeUInt32BE(height, 4);
  ihdr.set([depth, colorType, 0, 0, 0], 8);
  return Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), chunk("IHDR", ihdr), chunk("IDAT", idat), chunk("IEND", new Uint8Array())]);
}

/** zlib data of `mb` megabytes of zeros (about 1 KB per MB). */
async function zerosZlib(mb: number) {
  const deflate = createDeflate({ level: 9, strategy: constants.Z_RLE });
  const parts: Buffer[] = [];
  deflate.on("data", (c: Buffer) => parts.push(c));
  const zero = Buffer.alloc(1 << 20);
  for (let i = 0; i < mb; i++) if (!deflate.write(zero)) await new Promise((r) => deflate.once("drain", r));
  deflate.end();
  await new Promise((r) => deflate.on("end", r));
  return Buffer.concat(parts);
}

/** A baseline JPEG header declaring width x height, with a few bytes of scan data. */
function jpegHeader(width: number, height: number) {
  const sof = Buffer.from([0xff, 0xc0, 0x00, 0x11, 0x08, height >> 8, height & 255, width >> 8, width & 255, 0x03, 1, 0x22, 0, 2, 0x11, 1, 3, 0x11, 1]);
  return Buffer.concat([Buffer.from([0xff, 0xd8]), sof, Buffer.from([0xff, 0xda, 0x00, 0x0c, 0x03, 1, 0, 2, 0x11, 3, 0x11, 0, 63, 0]), Buffer.alloc(2048), Buffer.from([0xff, 0xd9])]);
}

/** The pipeline's answer to one file, in a process of its own; `worker`: in the Node server's pool. */
function probe(name: string, bytes: Uint8Array, { worker = false } = {}) {
  const path = join(dir, name);
  writeFileSync(path, bytes);
  const args = [join(root, "tests/support/image-probe.ts"), path, ...(worker ? ["--worker"] : [])];
  const out = execFileSync(join(root, "node_modules/.bin/tsx"), args, { cwd: root, encoding: "utf8" });
  return JSON.parse(out.trim().split("\n").at(-1)!) as { error: string | null; ms: number; growthMb: number };
}

let gigabyte: Buffer;
beforeAll(async () => {
  gigabyte = await zerosZlib(1024);
}, 60_000);

describe("decompression bombs", () => {
  it("a 1 MB PNG that inflates to 1 GB is refused at once, memory flat", () => {
    expect(gigabyte.length).toBeLessThan(1.5 * 1024 * 1024);
    const result = probe("inflate.png", png(1000, 1000, gigabyte));
    expect(result.error).toBe("inflated");
    expect(IMAGE_ERRORS.inflated.title).toBe("Arquivo muito grande");
    expect(result.ms).toBeLessThan(1000);
    expect(result.growthMb).toBeLessThan(100);
  });

  it("a PNG whose header declares a huge picture is refused from the header", () => {
    const result = probe("declared.png", png(30_000, 30_000, deflateSync(Buffer.alloc(1024))));
    expect(result.error).toBe("resolution");
    expect(result.ms).toBeLessThan(1000);
    expect(result.growthMb).toBeLessThan(100);
  });

  it("a 16-bit PNG within the pixel budget but past the byte budget is refused", () => {
    const result = probe("deep.png", png(4000, 3000, deflateSync(Buffer.alloc(1024)), 6, 16));
    expect(result.error).toBe("inflated");
    expect(result.growthMb).toBeLessThan(100);
  });

  it("a JPEG declaring a huge picture, or far more picture than its data can hold, is refused", () => {
    for (const [name, width, height, expected] of [
      ["huge.jpg", 60_000, 60_000, "resolution"],
      ["dense.jpg", 4000, 4000, "inflated"],
    ] as const) {
      const result = probe(name, jpegHeader(width, height));
      expect(result.error, name).toBe(expected);
      expect(result.ms, name).toBeLessThan(1000);
      expect(result.growthMb, name).toBeLessThan(100);
    }
  });

  it("a 16-megapixel JPEG or PNG is stored without its pixels ever being held whole", () => {
    // Before: jpeg-js and fast-png held the whole picture (+273 MB and +136 MB at their peak).
    const png = syntheticPng(4000, 4000);
    for (const [name, bytes] of [["camera.jpg", syntheticJpeg(4000, 4000)], ["screen.png", png]] as const) {
      const result = probe(name, bytes, { worker: true }); // as the Node server decodes it
      expect(result.error, name).toBeNull();
      expect(result.growthMb, name).toBeLessThan(50);
    }
    // As a Worker's isolate (128 MB) decodes it, garbage collected when the runtime sees fit.
    const inProcess = probe("screen.png", png);
    expect(inProcess.error).toBeNull();
    expect(inProcess.growthMb).toBeLessThan(100);
  });

  it("an ordinary PNG still goes through", () => {
    const rows = Buffer.alloc(200 * (1 + 200 * 4), 0x80);
    for (let y = 0; y < 200; y++) rows[y * (1 + 200 * 4)] = 0;
    expect(probe("ok.png", png(200, 200, deflateSync(rows))).error).toBeNull();
  });
});

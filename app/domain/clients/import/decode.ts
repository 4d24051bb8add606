// An uploaded contacts file's bytes as text: UTF-8 (with or without BOM), UTF-16 with its BOM
// (Outlook's 'Unicode' CSV), else Windows-1252 (the ANSI CSV of Excel and Outlook in Brazil).
// Written without runtime-specific decoders so Node and Workers read a file the same way.

/** Windows-1252's characters for the bytes 0x80-0x9F (Latin-1 has control codes there). */
const CP1252_80_9F = "€\u0081‚ƒ„…†‡ˆ‰Š‹Œ\u008DŽ\u008F\u0090‘’“”•–—˜™š›œ\u009DžŸ";

function windows1252(bytes: Uint8Array): string {
  let out = "";
  for (const b of bytes) out += b >= 0x80 && b <= 0x9f ? CP1252_80_9F[b - 0x80] : String.fromCharCode(b);
  return out;
}

function utf16(bytes: Uint8Array, littleEndian: boolean): string {
  const units = new Uint16Array(Math.floor(bytes.length / 2));
  const view = new DataView(bytes.buffer, bytes.byteOffset, units.length * 2);
  for (let i = 0; i < units.length; i++) units[i] = view.getUint16(i * 2, littleEndian);
  let out = "";
  for (let i = 0; i < units.length; i += 8192) out += String.fromCharCode(...units.subarray(i, i + 8192));
  return out;
}

export function decodeText(bytes: Uint8Array): string {
  if (bytes[0] === 0xff && bytes[1] === 0xfe) return utf16(bytes.subarray(2), true);
  if (bytes[0] === 0xfe && bytes[1] === 0xff) return utf16(bytes.subarray(2), false);
  try {
    return new TextDecoder("utf-8", { fatal: true }).decode(bytes).replace(/^\uFEFF/, "");
  } catch {
    return windows1252(bytes);
  }
}

/** A spreadsheet or another binary file, not text: a zip (.xlsx, .numbers) or NUL bytes. */
export function looksBinary(bytes: Uint8Array): boolean {
  if (bytes[0] === 0x50 && bytes[1] === 0x4b) return true;
  if ((bytes[0] === 0xff && bytes[1] === 0xfe) || (bytes[0] === 0xfe && bytes[1] === 0xff)) return false;
  return bytes.subarray(0, 4096).includes(0);
}

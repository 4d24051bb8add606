// Static files get the same security headers on Node (server/node.ts sets STATIC_FILE_HEADERS)
// and on Workers, where Workers Assets read them from public/_headers.
import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { STATIC_FILE_HEADERS } from "./security.server";

/** `_headers` rules: a path pattern line, then indented "Name: value" lines. */
function parseHeadersFile(text: string) {
  const rules = new Map<string, Record<string, string>>();
  let current: Record<string, string> | null = null;
  for (const line of text.split("\n")) {
    if (!line.trim() || line.trimStart().startsWith("#")) continue;
    if (!/^\s/.test(line)) {
      current = {};
      rules.set(line.trim(), current);
      continue;
    }
    const i = line.indexOf(":");
    current![line.slice(0, i).trim()] = line.slice(i + 1).trim();
  }
  return rules;
}

describe("public/_headers", () => {
  const rules = parseHeadersFile(readFileSync(new URL("../../public/_headers", import.meta.url), "utf8"));

  it("gives every static file the headers Node's server sends", () => {
    expect(rules.get("/*")).toEqual(STATIC_FILE_HEADERS);
  });

  it("caches fingerprinted assets for a year", () => {
    expect(rules.get("/assets/*")?.["Cache-Control"]).toBe("public, max-age=31536000, immutable");
  });
});

// The Workers bundle by module: which packages (and app files) its bytes come from, by gzip size.
// Reads the build's own source maps (build/workers/server/**/*.js.map, which the build writes for
// the upload) and gives each stretch of generated code to the source it maps to. Each package's
// code is gzipped on its own, so the figures add up to a little more than the bundle's gzip.
//   tsx scripts/workers-modules.ts [how many, default 5]   (after `npm run build:workers`)
import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { gzipSync } from "node:zlib";

const dir = "build/workers/server";
const top = Number(process.argv[2] ?? 5);

const B64 = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/";

/** One line's segments of a source map: [generated column, source index] per segment. */
function segments(line: string, state: { source: number }): Array<[number, number]> {
  const out: Array<[number, number]> = [];
  let column = 0;
  for (const segment of line.split(",")) {
    if (!segment) continue;
    const values: number[] = [];
    let value = 0;
    let shift = 0;
    for (const char of segment) {
      const digit = B64.indexOf(char);
      value += (digit & 31) << shift;
      if (digit & 32) shift += 5;
      else {
        values.push(value & 1 ? -(value >>> 1) : value >>> 1);
        value = 0;
        shift = 0;
      }
    }
    column += values[0];
    if (values.length > 1) state.source += values[1];
    out.push([column, values.length > 1 ? state.source : -1]);
  }
  return out;
}

/** node_modules/<package>/… or node_modules/@scope/<package>/… becomes the package; app files stay. */
function owner(source: string): string {
  const at = source.lastIndexOf("node_modules/");
  if (at < 0) return source.replace(/^(\.\.\/)+/, "");
  const parts = source.slice(at + "node_modules/".length).split("/");
  return parts[0].startsWith("@") ? `${parts[0]}/${parts[1]}` : parts[0];
}

const code = new Map<string, string[]>();
let total = 0;
const files = readdirSync(dir, { recursive: true, encoding: "utf8" }).filter((f) => f.endsWith(".js"));
for (const file of files) {
  const text = readFileSync(join(dir, file), "utf8");
  total += gzipSync(text).length;
  const map = JSON.parse(readFileSync(join(dir, `${file}.map`), "utf8")) as { sources: string[]; mappings: string };
  const lines = text.split("\n");
  const state = { source: 0 };
  map.mappings.split(";").forEach((mapping, index) => {
    const line = lines[index] ?? "";
    const segs = segments(mapping, state);
    segs.forEach(([column, source], i) => {
      const name = source < 0 ? "(not mapped)" : owner(map.sources[source]);
      const list = code.get(name) ?? [];
      list.push(line.slice(column, segs[i + 1]?.[0] ?? line.length));
      code.set(name, list);
    });
  });
}

const kib = (bytes: number) => `${(bytes / 1024).toFixed(1)} KiB`;
const rows = [...code].map(([name, parts]) => ({ name, gzip: gzipSync(parts.join("")).length }));
rows.sort((a, b) => b.gzip - a.gzip);
console.log(`Largest modules of the Workers bundle (${kib(total)} gzip in all), each gzipped alone:`);
for (const row of rows.slice(0, top)) console.log(`  ${kib(row.gzip).padStart(10)}  ${row.name}`);

// The papers a newcomer reads stay whole: every decision record is in docs/decisions/README.md's
// index with a status, and every schema file is behind db/schema/index.ts (docs/decisions/1180).
import { readdirSync, readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";

const decisionsDir = new URL("../../docs/decisions/", import.meta.url);
const schemaDir = new URL("../../db/schema/", import.meta.url);

const records = readdirSync(decisionsDir).filter((f) => /^\d{4}-.+\.md$/.test(f)).sort();
const numberOf = (file: string) => file.slice(0, 4);
const fileOf = new Map(records.map((f) => [numberOf(f), f]));

type Row = { number: string; file: string; subject: string; status: string };
/** The index's table rows: `| 0001 | [Title](0001-….md) | subject | status |`. */
function indexRows(): Row[] {
  const text = readFileSync(new URL("README.md", decisionsDir), "utf8");
  return text
    .split("\n")
    .filter((line) => /^\| \d{4} \|/.test(line))
    .map((line) => {
      const [, number, record, subject, status] = line.split(/ \| |^\| | \|$/);
      const file = /\]\(([^)]+)\)/.exec(record)?.[1] ?? "";
      return { number, file, subject, status };
    });
}

describe("docs/decisions/README.md", () => {
  const rows = indexRows();

  it("lists every decision record once, in number order, linked to its own file", () => {
    expect(rows.map((r) => r.file), "add the missing record's row to docs/decisions/README.md").toEqual(records);
    for (const row of rows) expect(numberOf(row.file), row.file).toBe(row.number);
  });

  it("gives each record a subject and a status naming later records that exist", () => {
    for (const row of rows) {
      expect(row.subject, row.number).toMatch(/^[a-z-]+$/);
      const status = /^(in force|replaced in part by|replaced by)\b/.exec(row.status);
      expect(status, `${row.number}: status '${row.status}'`).not.toBeNull();
      if (status?.[1] === "in force") continue;
      const by = [...row.status.split(":")[0].matchAll(/\[(\d{4})\]\(([^)]+)\)/g)];
      expect(by.length, `${row.number} names what replaced it`).toBeGreaterThan(0);
      for (const [, number, file] of by) {
        expect(fileOf.get(number), `${row.number} is replaced by ${number}`).toBe(file);
        expect(number > row.number, `${row.number} is replaced by a later record`).toBe(true);
      }
    }
  });
});

describe("db/schema", () => {
  it("re-exports every subject file from its index", () => {
    const index = readFileSync(new URL("index.ts", schemaDir), "utf8");
    const exported = [...index.matchAll(/^export \* from "\.\/([\w-]+)";$/gm)].map((m) => m[1]).sort();
    const subjects = readdirSync(schemaDir)
      .filter((f) => f.endsWith(".ts") && f !== "index.ts" && f !== "columns.ts")
      .map((f) => f.slice(0, -3))
      .sort();
    expect(exported).toEqual(subjects);
  });
});

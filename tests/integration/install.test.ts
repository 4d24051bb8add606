// `npm ci` installs exactly package-lock.json and refuses a lockfile that misses an optional
// (platform) package a locked package asks for: that broke fresh clones once (the
// @tailwindcss/oxide-* binaries), and broke installs on macOS and ARM. Every optional dependency
// of every locked package must have its own entry, for every platform.
import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";

type LockPackage = { optionalDependencies?: Record<string, string> };
const lock = JSON.parse(readFileSync(new URL("../../package-lock.json", import.meta.url), "utf8")) as {
  packages: Record<string, LockPackage>;
};

/** Where npm would find `name` for the package at `path`: its own node_modules, then each parent's. */
function resolve(path: string, name: string): string | null {
  let base = path;
  for (;;) {
    const candidate = `${base ? `${base}/` : ""}node_modules/${name}`;
    if (lock.packages[candidate]) return candidate;
    if (!base) return null;
    const i = base.lastIndexOf("/node_modules/");
    base = i < 0 ? "" : base.slice(0, i);
  }
}

describe("package-lock.json", () => {
  it("lists every optional dependency of every locked package", () => {
    const missing = Object.entries(lock.packages).flatMap(([path, pkg]) =>
      Object.keys(pkg.optionalDependencies ?? {})
        .filter((name) => !resolve(path, name))
        .map((name) => `${path || "(root)"} -> ${name}`),
    );
    expect(missing).toEqual([]);
  });
});

// The cluster's numbers (docs/decisions/0985); the cluster itself is started for real by
// tests/security/cluster.spec.ts.
import { describe, expect, it } from "vitest";
import { backoffMs, workerCount } from "./cluster.ts";

describe("workerCount", () => {
  it("is one worker a core unless WEB_CONCURRENCY says how many", () => {
    expect(workerCount(undefined, 2)).toBe(2);
    expect(workerCount("", 4)).toBe(4);
    expect(workerCount("1", 8)).toBe(1);
    expect(workerCount("3", 2)).toBe(3);
  });

  it("refuses a count that is not a whole number of workers", () => {
    for (const bad of ["0", "-1", "1.5", "dois"]) expect(() => workerCount(bad, 2)).toThrow(/WEB_CONCURRENCY/);
  });
});

describe("backoffMs", () => {
  it("waits half a second, doubling while replacements die young, at most 30 s", () => {
    expect([0, 1, 2, 3, 4].map(backoffMs)).toEqual([500, 500, 1000, 2000, 4000]);
    expect(backoffMs(20)).toBe(30_000);
  });
});

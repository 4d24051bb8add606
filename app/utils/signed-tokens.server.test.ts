import { describe, expect, it } from "vitest";
import { signToken, verifyToken } from "./signed-tokens.server";

describe("signed links", () => {
  it("open what they were signed for, and nothing else: a mangled token is refused, never an error", async () => {
    const token = await signToken("waitlist", "abc", "segredo");
    expect(await verifyToken("waitlist", token, "segredo")).toBe("abc");
    expect(await verifyToken("booking-status", token, "segredo")).toBeNull();
    // Base64 of an impossible length (one character) made atob throw: a 500 for a typo'd link.
    for (const bad of ["x.y", `x.${token.split(".")[1]}`, `${token.split(".")[0]}.x`]) expect(await verifyToken("waitlist", bad, "segredo")).toBeNull();
  });
});

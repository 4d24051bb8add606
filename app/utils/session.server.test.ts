import { describe, expect, it } from "vitest";
import { safeRedirectPath } from "./session.server";

describe("after sign-in, only a path of this site is followed", () => {
  it.each([
    ["/agenda", "/agenda"],
    ["/clientes?busca=ana&pagina=2", "/clientes?busca=ana&pagina=2"],
    ["/servicos#novo", "/servicos#novo"],
    ["/agenda/../clientes", "/clientes"],
    ["/%2F%2Fevil.example", "/%2F%2Fevil.example"],
  ])("%j goes to %j", (to, expected) => {
    expect(safeRedirectPath(to)).toBe(expected);
  });

  it.each([
    "//evil.example",
    "///evil.example",
    "/\\evil.example",
    "/\\/evil.example",
    "\\\\evil.example",
    "https://evil.example",
    "javascript:alert(1)",
    "evil.example",
    "/x\nfoo",
    "/x\r\nSet-Cookie: a=b",
    "/x\u0000",
    "/\tevil",
    "/ evil",
    "/x\u00a0y",
    "/x\u007f",
    "",
    "/".padEnd(2001, "a"),
  ])("%j goes to the dashboard", (to) => {
    expect(safeRedirectPath(to)).toBe("/dashboard");
  });

  it("anything but text goes to the fallback", () => {
    expect(safeRedirectPath(null)).toBe("/dashboard");
    expect(safeRedirectPath(undefined, "/agenda")).toBe("/agenda");
    expect(safeRedirectPath(new File([], "x"))).toBe("/dashboard");
  });
});

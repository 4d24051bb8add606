import { describe, expect, it } from "vitest";
import { fieldPath, MAX_FORM_INDEX, unboundedFieldName } from "./form-shape";

describe("the field names a form of the app can have", () => {
  it("reads conform's names into their paths", () => {
    expect(fieldPath("nome")).toEqual(["nome"]);
    expect(fieldPath("days[6].isActive")).toEqual(["days", 6, "isActive"]);
    expect(fieldPath("itens[]")).toEqual(["itens", ""]);
    expect(fieldPath(`taxas.3f2a9c1e-0d7b-4a8e-9f3c-5b2d1e0a7c6f`)).toEqual(["taxas", "3f2a9c1e-0d7b-4a8e-9f3c-5b2d1e0a7c6f"]);
  });

  it("refuses a list index past the longest list, names nested too deep or too long, and names no form has", () => {
    expect(fieldPath(`pagamentos[${MAX_FORM_INDEX}].metodo`)).not.toBeNull();
    for (const name of ["pagamentos[100000000].metodo", `zz[${MAX_FORM_INDEX + 1}]`, "a[99999999999999999999]", "a[0][0][0][0]", "a.b.c.d.e", "x".repeat(121), "a[__proto__]", "constructor", "a[b", "a]", ".a", "a..b", ""]) {
      expect(fieldPath(name), name).toBeNull();
    }
  });

  it("finds the first name out of bounds; conform's own controls are not field names", () => {
    expect(unboundedFieldName(["intent", "__intent__", "__state__", "nome"])).toBeNull();
    expect(unboundedFieldName(["intent", "zz[100000000]", "nome"])).toBe("zz[100000000]");
  });
});

import { describe, expect, it } from "vitest";
import { clientSchema, isValidBirthDate } from "./clients";

describe("isValidBirthDate", () => {
  it("accepts real past dates and refuses the rest", () => {
    expect(isValidBirthDate("1990-02-28", "2025-06-01")).toBe(true);
    expect(isValidBirthDate("2024-02-29", "2025-06-01")).toBe(true);
    expect(isValidBirthDate("2025-06-01", "2025-06-01")).toBe(true);
    expect(isValidBirthDate("2023-02-29", "2025-06-01")).toBe(false);
    expect(isValidBirthDate("2025-06-02", "2025-06-01")).toBe(false);
    expect(isValidBirthDate("1899-12-31", "2025-06-01")).toBe(false);
    expect(isValidBirthDate("01/02/1990", "2025-06-01")).toBe(false);
  });
});

describe("clientSchema", () => {
  it("refuses a name that is a site or e-mail address, beside the name (issue 20)", () => {
    const parsed = clientSchema("2025-06-01").safeParse({ name: "Ganhe premio em premio.example.com", phone: "(11) 98888-7777" });
    expect(parsed.success).toBe(false);
    expect(parsed.error?.issues).toMatchObject([{ path: ["name"], message: "Nome não pode conter endereço de site ou de e-mail" }]);
    expect(clientSchema("2025-06-01").safeParse({ name: "J.R. Souza", phone: "(11) 98888-7777" }).success).toBe(true);
  });
});

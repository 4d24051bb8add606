import { describe, expect, it } from "vitest";
import { isValidBirthDate } from "./clients";

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

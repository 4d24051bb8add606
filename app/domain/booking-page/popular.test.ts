import { describe, expect, it } from "vitest";
import { popularServiceId } from "./popular";

describe("popularServiceId", () => {
  it("names the service the most different customers booked", () => {
    expect(popularServiceId([{ serviceId: "a", customers: 3 }, { serviceId: "b", customers: 7 }], 3)).toBe("b");
  });

  it("names none before 3 customers, on a tie, or with a single service on the page", () => {
    expect(popularServiceId([], 4)).toBeNull();
    expect(popularServiceId([{ serviceId: "a", customers: 2 }], 4)).toBeNull();
    expect(popularServiceId([{ serviceId: "a", customers: 5 }, { serviceId: "b", customers: 5 }], 4)).toBeNull();
    expect(popularServiceId([{ serviceId: "a", customers: 9 }], 1)).toBeNull();
  });
});

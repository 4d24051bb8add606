import { expect, it } from "vitest";
import { initials } from "./avatar";

// First and last names' first letters; words not starting with a letter do not count.
it.each([
  ["Paula Ribeiro Lima", "PL"],
  ["Maria da Silva", "MS"],
  ["  élida   souza ", "ÉS"],
  ["Rita", "R"],
  ["Lia (2) - 11", "L"],
  ["  ", "?"],
])("initials(%j) is %j", (name, expected) => expect(initials(name)).toBe(expected));

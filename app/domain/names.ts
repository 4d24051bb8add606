// People's names as messages and screens use them. Pure (runs anywhere).

/** The first of a person's names, for a greeting: "  Ana  Maria Souza " -> "Ana"; "" for no name. */
export function firstName(name: string | null | undefined): string {
  return name?.trim().split(/\s+/)[0] ?? "";
}

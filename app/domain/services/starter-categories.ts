// The service categories a new account starts with, from the specialty chosen on sign-up
// (docs/decisions/0752). Pure: the sign-up form's choices and the account's first rows.
import { slugify } from "../slug";

// Each label is an area, not a title: the profile keeps it as the 'Especialidade' customers read
// on a salon's page, and a title would have to be a man's or a woman's ('Cabeleireiro(a)' beside
// two women). The keys stay as they were (docs/decisions/1071).
export const SPECIALTIES = [
  { key: "barbeiro", label: "Barbearia", categories: ["Cabelo", "Barba"] },
  { key: "cabeleireiro", label: "Cabelo", categories: ["Cabelo", "Coloração", "Tratamentos"] },
  { key: "manicure", label: "Manicure e pedicure", categories: ["Unhas", "Pés e mãos"] },
  { key: "esteticista", label: "Estética", categories: ["Estética facial", "Estética corporal", "Depilação"] },
  { key: "sobrancelhas", label: "Sobrancelhas e cílios", categories: ["Sobrancelhas", "Cílios"] },
  { key: "maquiador", label: "Maquiagem", categories: ["Maquiagem", "Penteados"] },
] as const;

export type SpecialtyKey = (typeof SPECIALTIES)[number]["key"];
export const SPECIALTY_KEYS = SPECIALTIES.map((s) => s.key) as [SpecialtyKey, ...SpecialtyKey[]];

/** For a specialty not chosen (or another one): what most one-chair salons offer. */
export const DEFAULT_STARTER_CATEGORIES = ["Cabelo", "Barba", "Unhas", "Estética"] as const;

/** The specialty's label for the profile ('' when none was chosen) and its first categories. */
export function starterFor(key: string | undefined): { specialty: string; categories: { name: string; slug: string }[] } {
  const found = SPECIALTIES.find((s) => s.key === key);
  const names: readonly string[] = found?.categories ?? DEFAULT_STARTER_CATEGORIES;
  return { specialty: found?.label ?? "", categories: names.map((name) => ({ name, slug: slugify(name) })) };
}

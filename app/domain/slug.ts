/**
 * The slug rule of categories and booking links: lowercase, accents removed,
 * characters other than letters, digits, spaces and hyphens removed, spaces to hyphens,
 * repeated hyphens collapsed. Leading/trailing hyphens are trimmed too, so a URL never
 * starts or ends with one.
 */
export function slugify(text: string): string {
  return text
    .normalize("NFD")
    .replace(/[\u0300-\u036f]/g, "")
    .toLowerCase()
    .replace(/[^a-z0-9\s-]/g, "")
    .trim()
    .replace(/\s+/g, "-")
    .replace(/-+/g, "-")
    .replace(/^-|-$/g, "");
}

// A person's photo, or their initials on the brand colours when there is none. Also on the
// public booking page, so it imports nothing.

const SIZES = {
  sm: { px: 44, className: "size-11 text-sm" },
  md: { px: 64, className: "size-16 text-xl" },
  lg: { px: 80, className: "size-20 text-2xl" },
  xl: { px: 96, className: "size-24 text-3xl" },
} as const;

/** 'Ana Paula Souza' -> 'AS', 'Maria da Silva' -> 'MS', 'Rita' -> 'R'; words not starting with a letter are skipped. */
export function initials(name: string) {
  const words = name.split(/\s+/).filter((w) => /^\p{L}/u.test(w));
  if (words.length === 0) return "?";
  const last = words.length > 1 ? words.at(-1)![0] : "";
  return (words[0]![0] + last).toUpperCase();
}

export function Avatar({
  name,
  imageUrl,
  size,
  alt = "",
  initialsLabel,
}: {
  name: string;
  imageUrl?: string | null;
  size: keyof typeof SIZES;
  /** The photo's text alternative; empty when the name is written beside it. */
  alt?: string;
  /** What the initials say to a screen reader; hidden from it when not given. */
  initialsLabel?: string;
}) {
  const { px, className } = SIZES[size];
  if (imageUrl) {
    return (
      <img
        src={imageUrl}
        alt={alt}
        width={px}
        height={px}
        className={`${className} shrink-0 rounded-full object-cover ring-1 ring-slate-200`}
      />
    );
  }
  return (
    <span
      className={`${className} flex shrink-0 items-center justify-center rounded-full bg-gradient-to-br from-brand to-brand-2 font-bold text-white`}
      role={initialsLabel ? "img" : undefined}
      aria-label={initialsLabel}
      aria-hidden={initialsLabel ? undefined : true}
    >
      {initials(name)}
    </span>
  );
}

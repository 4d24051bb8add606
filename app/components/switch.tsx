import type { InputHTMLAttributes, ReactNode } from "react";

type CheckboxProps = Omit<InputHTMLAttributes<HTMLInputElement>, "type" | "className">;

const TRACK =
  "relative h-6 w-11 shrink-0 rounded-full bg-slate-300 transition-colors after:absolute after:left-0.5 after:top-0.5 after:size-5 after:rounded-full after:bg-white after:shadow after:transition-transform peer-checked:bg-brand peer-checked:after:translate-x-5 peer-focus-visible:outline-2 peer-focus-visible:outline-offset-2 peer-focus-visible:outline-brand";

/**
 * The drawn on/off switch: a real checkbox (so it posts as any checkbox, with or without
 * JavaScript) lying invisible over the track, so taps land on it. Name it with a label around it
 * or `aria-label`.
 */
export function SwitchControl(input: CheckboxProps) {
  return (
    <span className="relative inline-flex shrink-0">
      <input {...input} type="checkbox" className="peer absolute inset-0 z-10 size-full cursor-pointer opacity-0 disabled:cursor-default" />
      <span aria-hidden className={TRACK} />
    </span>
  );
}

/** A setting that is on or off: its title and hint, the switch at the end of the row. */
export function Switch({ title, hint, ...input }: CheckboxProps & { title: ReactNode; hint?: ReactNode }) {
  return (
    <label
      className={`flex items-center justify-between gap-4 rounded-lg border border-slate-200 p-3 ${input.disabled ? "opacity-60" : "cursor-pointer"}`}
    >
      <span>
        <span className="block text-sm font-medium text-slate-900">{title}</span>
        {hint ? <span className="block text-xs text-slate-600">{hint}</span> : null}
      </span>
      <SwitchControl role="switch" {...input} />
    </label>
  );
}

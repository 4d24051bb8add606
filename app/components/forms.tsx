import { useId, useState, type InputHTMLAttributes, type ReactNode } from "react";
import { Link } from "react-router";
import { formatPhone, PHONE_INPUT_MAX_LENGTH } from "../domain/phone";
import { useHydrated } from "./use-hydrated";

export function FieldError({ id, errors }: { id?: string; errors?: string[] | null }) {
  if (!errors?.length) return null;
  return (
    <p id={id} className="field-error" role="alert">
      {errors[0]}
    </p>
  );
}

type FieldProps = {
  label: ReactNode;
  errors?: string[] | null;
  inputProps: InputHTMLAttributes<HTMLInputElement> & { key?: string | number };
  hint?: ReactNode;
};

/** Label, input and the error beside it, wired for screen readers. */
export function Field({ label, errors, inputProps, hint }: FieldProps) {
  const fallbackId = useId();
  const { key, ...props } = inputProps;
  const id = props.id ?? fallbackId;
  const errorId = `${id}-error`;
  return (
    <div>
      <label htmlFor={id} className="label">
        {label}
      </label>
      <input
        key={key}
        {...props}
        id={id}
        className="input"
        aria-invalid={errors?.length ? true : undefined}
        aria-describedby={errors?.length ? errorId : props["aria-describedby"]}
      />
      {hint ? <p className="mt-1 text-xs text-slate-600">{hint}</p> : null}
      <FieldError id={errorId} errors={errors} />
    </div>
  );
}

/** A password field whose 'Mostrar/Ocultar' button appears once JavaScript runs. */
export function PasswordField(props: FieldProps) {
  const hydrated = useHydrated();
  const [shown, setShown] = useState(false);
  const fallbackId = useId();
  const { key, ...inputProps } = props.inputProps;
  const id = inputProps.id ?? fallbackId;
  const errorId = `${id}-error`;
  return (
    <div>
      <label htmlFor={id} className="label">
        {props.label}
      </label>
      <div className="relative">
        <input
          key={key}
          {...inputProps}
          id={id}
          type={shown ? "text" : "password"}
          className="input pr-20"
          aria-invalid={props.errors?.length ? true : undefined}
          aria-describedby={props.errors?.length ? errorId : undefined}
        />
        {hydrated ? (
          <button
            type="button"
            className="absolute inset-y-0 right-0 px-3 text-sm font-medium text-slate-600 hover:text-slate-900"
            onClick={() => setShown((s) => !s)}
            aria-controls={id}
            aria-pressed={shown}
          >
            {shown ? "Ocultar" : "Mostrar"}
          </button>
        ) : null}
      </div>
      <FieldError id={errorId} errors={props.errors} />
    </div>
  );
}

export function Alert({
  title,
  text,
  tone = "error",
}: {
  title: string;
  text?: string;
  tone?: "error" | "success" | "info";
}) {
  const styles = {
    error: "border-red-200 bg-red-50 text-red-800",
    success: "border-emerald-200 bg-emerald-50 text-emerald-800",
    info: "border-sky-200 bg-sky-50 text-sky-900",
  }[tone];
  return (
    <div className={`rounded-lg border p-3 text-sm ${styles}`} role={tone === "error" ? "alert" : "status"}>
      <p className="font-semibold">{title}</p>
      {text ? <p className="mt-0.5">{text}</p> : null}
    </div>
  );
}

/**
 * The spec's phone mask (DD) NNNNN-NNNN, or +351 912 345 678 for a foreign number; the server
 * normalises the same way without JS. The phone keypad has the '+' a foreign number needs.
 */
export const phoneMask = {
  autoComplete: "tel",
  inputMode: "tel",
  placeholder: "(11) 99999-9999",
  maxLength: PHONE_INPUT_MAX_LENGTH,
  onInput: (e) => {
    e.currentTarget.value = formatPhone(e.currentTarget.value);
  },
} satisfies InputHTMLAttributes<HTMLInputElement>;

const FOOTER_STYLES = {
  plain: "flex justify-end",
  withCancel: "flex flex-col-reverse gap-2 pt-2 sm:flex-row sm:justify-end",
  page: "sticky bottom-0 z-10 -mx-4 flex justify-end border-t border-slate-200 bg-white/95 px-4 py-3 pr-20 backdrop-blur sm:mx-0 sm:rounded-xl sm:border sm:px-6 sm:pr-20 lg:pr-6",
  card: "sticky bottom-0 z-10 -mx-4 flex flex-wrap items-center justify-end gap-3 border-t border-slate-200 bg-white/95 px-4 py-3 pr-20 backdrop-blur sm:-mx-6 sm:px-6 sm:pr-20 lg:pr-6",
};

/**
 * The row that ends a form: 'Cancelar' back, where the form has somewhere to go back to, and the
 * submit button, which says 'Salvando...' while the form posts. A long form keeps it in view as a
 * bar stuck to the bottom of the screen (`sticky`: on the page, or inside a card).
 */
export function FormFooter({
  label,
  saving,
  cancelHref,
  keepScroll = false,
  intent,
  tone = "primary",
  sticky,
  status,
}: {
  label: string;
  saving: boolean;
  cancelHref?: string;
  /** 'Cancelar' keeps the scroll position (a panel inside a longer page). */
  keepScroll?: boolean;
  /** The submit button's `intent`, for a route with several forms. */
  intent?: string;
  tone?: "primary" | "secondary";
  sticky?: "page" | "card";
  /** Said at the start of the row ('Há alterações não salvas'). */
  status?: ReactNode;
}) {
  const style = sticky ? FOOTER_STYLES[sticky] : cancelHref ? FOOTER_STYLES.withCancel : FOOTER_STYLES.plain;
  return (
    <div className={style}>
      {status}
      {cancelHref ? (
        <Link to={cancelHref} preventScrollReset={keepScroll} className="btn-secondary">
          Cancelar
        </Link>
      ) : null}
      <button type="submit" name={intent ? "intent" : undefined} value={intent} className={tone === "secondary" ? "btn-secondary" : "btn-primary"} disabled={saving}>
        {saving ? "Salvando..." : label}
      </button>
    </div>
  );
}

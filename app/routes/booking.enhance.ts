// The customer's booking page ships no framework to the phone (docs/decisions/0621): it is
// complete as HTML, and with JavaScript on, this small script adds what the spec asks for on top
// of it: Continuar waits for a choice, a date shows its times at once, and step 3's live checks.
// The script is written into the page (with the request's CSP nonce) from the functions below,
// with the rules, messages and `isBookingComplete` of validation/booking.ts and the phone mask of domain/phone.ts as
// arguments: one set of rules for the server and the page, and no validation library.
import { digitsOnly, formatPhone, phoneDigits } from "../domain/phone";
import {
  BOOKING_INCOMPLETE,
  isBookingComplete,
  NAME_CHARS,
  NAME_INPUT_INVALID,
  NAME_MAX_LENGTH,
  NOTES_INPUT_TOO_LONG,
  NOTES_MAX_LENGTH,
} from "../validation/booking";

export type LiveRules = {
  name: { pattern: string; flags: string; max: number; invalid: string };
  notes: { max: number; tooLong: string };
  incomplete: string;
};

export const LIVE_RULES: LiveRules = {
  name: { pattern: NAME_CHARS.source, flags: NAME_CHARS.flags, max: NAME_MAX_LENGTH, invalid: NAME_INPUT_INVALID },
  notes: { max: NOTES_MAX_LENGTH, tooLong: NOTES_INPUT_TOO_LONG },
  incomplete: BOOKING_INCOMPLETE,
};

/**
 * Runs in the customer's browser, serialised into the page: it may use only its arguments and
 * the DOM (no imports, no closures over this module). Markup contract: `form[data-choose]` (a
 * choice enables its submit button), `input[data-submit-on-change]`, `form[data-live-checks]`
 * with inputs `name`, `phone`, `notes`, error slots `#<id>-error` and `[data-form-error]`.
 */
export function enhanceBookingPage(
  rules: LiveRules,
  mask: (value: string) => string,
  isComplete: (values: { name: string; phone: string }) => boolean,
) {
  for (const form of Array.from(document.querySelectorAll<HTMLFormElement>("form[data-choose]"))) {
    const button = form.querySelector<HTMLButtonElement>("button[type=submit]");
    const sync = () => {
      if (button) button.disabled = !form.querySelector("input:checked");
    };
    sync();
    form.addEventListener("change", sync);
  }
  for (const input of Array.from(document.querySelectorAll<HTMLInputElement>("input[data-submit-on-change]"))) {
    input.addEventListener("change", () => {
      if (input.value) input.form?.requestSubmit();
    });
  }

  const form = document.querySelector<HTMLFormElement>("form[data-live-checks]");
  if (!form) return;
  const field = (name: string) => form.elements.namedItem(name) as HTMLInputElement | HTMLTextAreaElement;
  const name = field("name");
  const phone = field("phone");
  const notes = field("notes");
  const button = form.querySelector<HTMLButtonElement>("button[type=submit]")!;
  const nameChars = new RegExp(rules.name.pattern, rules.name.flags);

  /** Shows (or, with null, clears) the message beside a field. */
  const say = (input: HTMLInputElement | HTMLTextAreaElement, message: string | null) => {
    const id = `${input.id}-error`;
    let slot = document.getElementById(id);
    if (!message) {
      slot?.remove();
      input.removeAttribute("aria-invalid");
      input.removeAttribute("aria-describedby");
      return;
    }
    if (!slot) {
      slot = document.createElement("p");
      slot.id = id;
      slot.className = "field-error";
      slot.setAttribute("role", "alert");
      input.insertAdjacentElement("afterend", slot);
    }
    slot.textContent = message;
    input.setAttribute("aria-invalid", "true");
    input.setAttribute("aria-describedby", id);
  };
  const formError = (message: string | null) => {
    form.parentElement?.querySelector("[data-form-error]")?.remove();
    if (!message) return;
    const box = document.createElement("p");
    box.dataset.formError = "";
    box.className = "rounded-lg border border-red-200 bg-red-50 p-3 text-sm text-red-800";
    box.setAttribute("role", "alert");
    box.textContent = message;
    form.insertAdjacentElement("beforebegin", box);
  };
  const complete = () => isComplete({ name: name.value, phone: phone.value });
  const sync = () => {
    button.disabled = !complete();
  };

  let lastName = name.value;
  name.addEventListener("input", () => {
    const value = name.value;
    if (value !== "" && (value.length > rules.name.max || !nameChars.test(value))) {
      name.value = lastName;
      say(name, rules.name.invalid);
    } else {
      lastName = value;
      say(name, null);
    }
    formError(null);
    sync();
  });
  phone.addEventListener("input", () => {
    phone.value = mask(phone.value);
    say(phone, null);
    formError(null);
    sync();
  });
  notes.addEventListener("beforeinput", (event) => {
    const typed = (event as InputEvent).data ?? "";
    const next = notes.value.slice(0, notes.selectionStart ?? 0) + typed + notes.value.slice(notes.selectionEnd ?? 0);
    if (next.length > rules.notes.max) {
      event.preventDefault();
      say(notes, rules.notes.tooLong);
    }
  });
  notes.addEventListener("input", () => {
    if (notes.value.length <= rules.notes.max) say(notes, null);
  });
  form.addEventListener("submit", (event) => {
    if (!complete()) {
      event.preventDefault();
      formError(rules.incomplete);
      return;
    }
    button.disabled = true;
    button.textContent = "Confirmando...";
  });
  sync();
}

/**
 * The script's text: the function above called with the rules, the phone mask and the rule of a
 * complete step 3, each with the helpers it calls in scope.
 */
export const BOOKING_PAGE_SCRIPT = `(${enhanceBookingPage.toString()})(${JSON.stringify(LIVE_RULES)}, (() => { ${digitsOnly.toString()}; ${phoneDigits.toString()}; return ${formatPhone.toString()}; })(), (() => { ${digitsOnly.toString()}; return ${isBookingComplete.toString()}; })());`;

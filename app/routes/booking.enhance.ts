// The customer's booking page ships no framework to the phone (docs/decisions/0621): it is
// complete as HTML, and with JavaScript on, this small script adds what the spec asks for on top
// of it: Continuar waits for a choice, a date shows its times at once, and step 3's live checks.
// The script is written into the page (allowed by its hash, or the request's CSP nonce) from the
// functions below, called with the limits and messages of validation/booking.ts as data and with
// the live checks themselves, their source written in: validation/booking.ts's and the phone
// mask of domain/phone.ts. One set of rules for the server and the page, and no validation library.
import { digitsOnly, foreignDigits, formatForeign, formatPhone, phoneDigits } from "../domain/phone";
import {
  BOOKING_INCOMPLETE,
  isBookingComplete,
  isNameInputAllowed,
  isNotesInputAllowed,
  LIVE_INPUT,
  NAME_INPUT_INVALID,
  NOTES_INPUT_TOO_LONG,
} from "../validation/booking";

export type LiveRules = {
  name: { pattern: string; flags: string; max: number; invalid: string };
  notes: { max: number; tooLong: string };
  incomplete: string;
};

export const LIVE_RULES: LiveRules = {
  name: { pattern: LIVE_INPUT.name.chars.source, flags: LIVE_INPUT.name.chars.flags, max: LIVE_INPUT.name.max, invalid: NAME_INPUT_INVALID },
  notes: { max: LIVE_INPUT.notes.max, tooLong: NOTES_INPUT_TOO_LONG },
  incomplete: BOOKING_INCOMPLETE,
};

/** The live checks the script runs: the validation's own functions. */
export type LiveChecks = {
  mask: (value: string) => string;
  complete: typeof isBookingComplete;
  nameAllowed: typeof isNameInputAllowed;
  notesAllowed: typeof isNotesInputAllowed;
};

/**
 * The live checks as script source: each function's own text (Function.prototype.toString), with
 * the phone helpers they may call in scope. They use nothing else, so they run in the page alike.
 */
export const LIVE_CHECKS_SOURCE = `(() => { ${digitsOnly}; ${phoneDigits}; ${foreignDigits}; ${formatForeign}; return { mask: ${formatPhone}, complete: ${isBookingComplete}, nameAllowed: ${isNameInputAllowed}, notesAllowed: ${isNotesInputAllowed} }; })()`;

// The functions below run in the customer's browser, serialised into the page: each may use only
// its arguments and the DOM (no imports, no closures over this module).

/**
 * The choices of every step: `form[data-choose]` (a choice enables its submit button) and
 * `input[data-submit-on-change]` (a date shows its times at once).
 */
export function enhanceChoices() {
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
}

/** A form's live messages: beside a field (its slot `#<id>-error`), and above the form (`[data-form-error]`). */
export function fieldMessages(form: HTMLFormElement) {
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
  return { say, formError };
}

/** Step 3's live checks on `form[data-live-checks]`, with inputs `name`, `phone` and `notes`. */
export function enhanceDetails(rules: LiveRules, checks: LiveChecks, messages: typeof fieldMessages) {
  const form = document.querySelector<HTMLFormElement>("form[data-live-checks]");
  if (!form) return;
  const field = (name: string) => form.elements.namedItem(name) as HTMLInputElement | HTMLTextAreaElement;
  const name = field("name");
  const phone = field("phone");
  const notes = field("notes");
  const button = form.querySelector<HTMLButtonElement>("button[type=submit]")!;
  const nameRules = { max: rules.name.max, chars: new RegExp(rules.name.pattern, rules.name.flags) };
  const { say, formError } = messages(form);
  const complete = () => checks.complete({ name: name.value, phone: phone.value });
  const sync = () => {
    button.disabled = !complete();
  };

  let lastName = name.value;
  name.addEventListener("input", () => {
    const value = name.value;
    if (!checks.nameAllowed(value, nameRules)) {
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
    phone.value = checks.mask(phone.value);
    say(phone, null);
    formError(null);
    sync();
  });
  notes.addEventListener("beforeinput", (event) => {
    const typed = (event as InputEvent).data ?? "";
    const next = notes.value.slice(0, notes.selectionStart ?? 0) + typed + notes.value.slice(notes.selectionEnd ?? 0);
    if (!checks.notesAllowed(next, rules.notes)) {
      event.preventDefault();
      say(notes, rules.notes.tooLong);
    }
  });
  notes.addEventListener("input", () => {
    if (checks.notesAllowed(notes.value, rules.notes)) say(notes, null);
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

/** The script's text: the functions above called with the rules and the live checks. */
export const BOOKING_PAGE_SCRIPT = `(${enhanceChoices})();(${enhanceDetails})(${JSON.stringify(LIVE_RULES)}, ${LIVE_CHECKS_SOURCE}, ${fieldMessages});`;

/**
 * A status page waiting for a payment (`[data-payment-state=awaiting]`): 'Copiar código Pix'
 * appears, and every `seconds` the page asks `stateUrl` for the booking's state, reloading only
 * when it changed from the page's (paid, expired, answered) or the Pix code has just been made.
 */
export function enhancePaymentWait(stateUrl: string, seconds: number) {
  const card = document.querySelector<HTMLElement>("[data-payment-state]");
  if (!card) return;
  for (const button of Array.from(card.querySelectorAll<HTMLButtonElement>("button[data-copy]"))) {
    const source = document.getElementById(button.dataset.copy ?? "") as HTMLTextAreaElement | null;
    if (!source || !navigator.clipboard) continue;
    button.classList.remove("hidden");
    button.addEventListener("click", () => {
      void navigator.clipboard.writeText(source.value).then(() => {
        button.textContent = "Código copiado!";
      });
    });
  }
  if (card.dataset.paymentState !== "awaiting") return;
  const charged = !!card.querySelector("#pix-code");
  const status = card.dataset.bookingStatus;
  const look = () =>
    fetch(stateUrl, { cache: "no-store" })
      .then((r) => (r.ok ? r.json() : null))
      .then((s: { status: string; deposit: string; charged: boolean } | null) => {
        if (s && (s.deposit !== "awaiting" || s.status !== status || s.charged !== charged)) location.reload();
        else setTimeout(look, seconds * 1000);
      })
      .catch(() => setTimeout(look, seconds * 1000));
  setTimeout(look, seconds * 1000);
}

/** The payment wait's script for one status page (its state URL), as text. */
export const paymentWaitScript = (stateUrl: string, seconds: number) =>
  `(${enhancePaymentWait})(${JSON.stringify(stateUrl).replaceAll("<", "\\u003c")}, ${seconds});`;

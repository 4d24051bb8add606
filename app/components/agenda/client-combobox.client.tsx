import { Combobox, ComboboxButton, ComboboxInput, ComboboxOption, ComboboxOptions } from "@headlessui/react";
import { useEffect, useMemo, useRef, useState } from "react";

// 'Cliente' of '+ Agendamento Manual' with JavaScript: a combobox to type a few letters of the
// name instead of scrolling a list of hundreds (Headless UI: the listbox popup, arrow keys,
// Enter, Escape, aria-activedescendant). Without JavaScript the form keeps its <select>
// (appointment-fields.tsx, docs/decisions/1142).

type Client = { id: string; name: string };
export type ComboboxProps = { id: string; props: Record<string, unknown>; clients: Client[] };

/** Case and accents aside: 'jose' finds 'José'. */
const fold = (text: string) => text.normalize("NFD").replace(/\p{Diacritic}/gu, "").toLowerCase();

/** At most this many names in the popup; typing narrows it. */
const SHOWN = 50;

export function ClientCombobox({ id, props, clients }: ComboboxProps) {
  const name = String(props.name);
  const names = useMemo(() => new Map(clients.map((c) => [c.id, c.name])), [clients]);
  const [value, setValue] = useState<string | null>(() => {
    // The list stands in while this loads (appointment-fields.tsx): a choice made there carries over.
    const list = document.getElementById(id);
    const chosen = list instanceof HTMLSelectElement ? list.value : props.defaultValue;
    return typeof chosen === "string" && names.has(chosen) ? chosen : null;
  });
  const [query, setQuery] = useState("");
  const hidden = useRef<HTMLInputElement>(null);
  const picked = useRef(false);
  // conform revalidates a field on its input event: the hidden field says it changed.
  useEffect(() => {
    if (picked.current) hidden.current?.dispatchEvent(new Event("input", { bubbles: true }));
  }, [value]);

  const words = fold(query.trim());
  const matching = words ? clients.filter((c) => fold(c.name).includes(words)) : clients;
  return (
    <Combobox
      value={value}
      onChange={(next: string | null) => {
        picked.current = true;
        setValue(next);
      }}
      onClose={() => setQuery("")}
      immediate
    >
      <input ref={hidden} type="hidden" name={name} form={props.form as string | undefined} value={value ?? ""} />
      <div className="relative">
        <ComboboxInput
          id={id}
          className="input pr-10"
          placeholder="Digite o nome do cliente"
          autoComplete="off"
          aria-invalid={props["aria-invalid"] as boolean | undefined}
          aria-describedby={props["aria-describedby"] as string | undefined}
          displayValue={(id: string | null) => (id ? (names.get(id) ?? "") : "")}
          onChange={(e) => setQuery(e.target.value)}
        />
        <ComboboxButton aria-label="Abrir a lista" className="absolute inset-y-0 right-0 flex w-10 items-center justify-center text-slate-500">
          <span aria-hidden>▾</span>
        </ComboboxButton>
      </div>
      <ComboboxOptions
        anchor="bottom start"
        className="z-50 mt-1 max-h-64 w-(--input-width) overflow-y-auto rounded-lg border border-slate-200 bg-white py-1 shadow-lg [--anchor-max-height:16rem]"
      >
        {matching.slice(0, SHOWN).map((c) => (
          <ComboboxOption key={c.id} value={c.id} className="cursor-pointer px-3 py-2 text-sm text-slate-900 data-focus:bg-slate-100 data-selected:font-semibold">
            {c.name}
          </ComboboxOption>
        ))}
        {matching.length === 0 ? <p className="px-3 py-2 text-sm text-slate-600">Nenhum cliente com esse nome</p> : null}
        {matching.length > SHOWN ? <p className="px-3 py-2 text-xs text-slate-600">Digite mais letras para ver os outros {matching.length - SHOWN}</p> : null}
      </ComboboxOptions>
    </Combobox>
  );
}

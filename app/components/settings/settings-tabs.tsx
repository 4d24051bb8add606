import { NavLink } from "react-router";
import { SETTINGS_TABS } from "./tabs";

/** Tab links of /configuracoes: real links, so they work without JavaScript. */
export function SettingsTabs() {
  return (
    <nav aria-label="Seções das configurações" className="-mx-4 overflow-x-auto px-4 sm:mx-0 sm:px-0">
      <ul className="flex min-w-max gap-1 border-b border-slate-200">
        {SETTINGS_TABS.map((t) => (
          <li key={t.to}>
            <NavLink
              to={t.to}
              prefetch="intent"
              className={({ isActive }) =>
                `-mb-px block border-b-2 px-4 py-2.5 text-sm font-medium ${
                  isActive
                    ? "border-brand text-brand"
                    : "border-transparent text-slate-600 hover:border-slate-300 hover:text-slate-900"
                }`
              }
            >
              {t.label}
            </NavLink>
          </li>
        ))}
      </ul>
    </nav>
  );
}

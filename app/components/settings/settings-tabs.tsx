import { NavLink } from "react-router";
import { SETTINGS_TABS } from "./tabs";

/**
 * Tab links of /configuracoes: real links, so they work without JavaScript. On a phone the tabs
 * sit in rows of three, all visible at once; from the sm breakpoint, one row.
 */
export function SettingsTabs() {
  return (
    <nav aria-label="Seções das configurações">
      <ul className="grid grid-cols-3 border-b border-slate-200 sm:flex sm:gap-1">
        {SETTINGS_TABS.map((t) => (
          <li key={t.to}>
            <NavLink
              to={t.to}
              prefetch="intent"
              className={({ isActive }) =>
                `-mb-px block border-b-2 px-2 py-2.5 text-center text-sm font-medium sm:px-4 sm:text-left ${
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

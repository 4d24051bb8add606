import { resetEnv } from "../../app/utils/env.server";

type Values = Record<string, string | undefined>;

/**
 * Changes to process.env for one test file: `set` remembers each key's value before its first
 * change (undefined deletes a key), `restore` puts them all back. Both make the app re-read its
 * environment.
 */
export function envOverrides() {
  const saved: Values = {};
  const apply = (values: Values) => {
    for (const [k, v] of Object.entries(values)) {
      if (v === undefined) delete process.env[k];
      else process.env[k] = v;
    }
    resetEnv();
  };
  return {
    set(values: Values) {
      for (const k of Object.keys(values)) if (!(k in saved)) saved[k] = process.env[k];
      apply(values);
    },
    restore() {
      apply(saved);
    },
  };
}

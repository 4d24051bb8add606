// The columns every table shares. Conventions: ids are UUID text, money is integer centavos,
// instants are integer milliseconds (timestamp_ms), appointment times are local to the
// professional's time zone (date yyyy-MM-dd + start minute of the day).
import { integer, text } from "drizzle-orm/sqlite-core";

export const id = () =>
  text("id")
    .primaryKey()
    .$defaultFn(() => crypto.randomUUID());
export const createdAt = () =>
  integer("created_at", { mode: "timestamp_ms" })
    .notNull()
    .$defaultFn(() => new Date());
export const updatedAt = () =>
  integer("updated_at", { mode: "timestamp_ms" })
    .notNull()
    .$defaultFn(() => new Date())
    .$onUpdateFn(() => new Date());
export const bool = (name: string) => integer(name, { mode: "boolean" });
export const instant = (name: string) => integer(name, { mode: "timestamp_ms" });

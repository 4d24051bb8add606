// Reads that ride along with a request's first round trip (docs/decisions/0990): the signed-in
// professional's session is read in the same batch as the page's own reads, and every answer of
// the database waits until that session has been checked.
import type { Client, InStatement, ResultSet } from "@libsql/client";
import { drizzle } from "drizzle-orm/libsql";
import * as schema from "../../db/schema";
import type { Db } from "./db.server";

type Statement = InStatement;

/** A client that records the statements of one `batch` call and answers it when told. */
function recordingClient(base: Client) {
  const recorded: { statements: Statement[] | null } = { statements: null };
  let answer!: (results: ResultSet[]) => void;
  let fail!: (error: unknown) => void;
  const answered = new Promise<ResultSet[]>((resolve, reject) => {
    answer = resolve;
    fail = reject;
  });
  const client = new Proxy(base, {
    get(target, name, receiver) {
      if (name === "batch") {
        return (statements: Statement[]) => {
          if (recorded.statements) throw new Error("leading reads: one batch only");
          recorded.statements = statements;
          return answered;
        };
      }
      if (name === "execute") {
        return (statement: Statement) => {
          if (recorded.statements) throw new Error("leading reads: one statement or batch only");
          recorded.statements = [statement];
          return answered.then((results) => results[0]);
        };
      }
      return Reflect.get(target, name, receiver);
    },
  });
  return { client, recorded, answer, fail };
}

/**
 * A Db whose first round trip also carries the statements `reads` sends (one `batch`, made
 * before its first await), and whose every answer is held until `check` has accepted their
 * result: if it throws, every query of this Db throws the same. `checked()` gives that result
 * once accepted, sending the reads alone when nothing else was sent.
 */
export function withLeadingReads<T>(db: Db, reads: (db: Db) => Promise<T>, check: (value: T) => void) {
  const base = db.$client;
  const recorder = recordingClient(base);
  const value = reads(drizzle(recorder.client, { schema }) as Db);
  const recorded = recorder.recorded.statements;
  if (!recorded) throw new Error("leading reads: `reads` must send its batch before its first await");
  const leading: Statement[] = recorded;
  const accepted = value.then((v) => {
    check(v);
    return v;
  });
  // Whoever sends first carries the reads; nobody sees an answer before they are accepted.
  accepted.catch(() => {});
  let sent = false;
  const carry = async <R>(send: (statements: Statement[]) => Promise<ResultSet[]>, own: Statement[], pick: (rs: ResultSet[]) => R) => {
    if (sent) {
      const results = await send(own);
      await accepted;
      return pick(results);
    }
    sent = true;
    let results: ResultSet[];
    try {
      results = await send([...leading, ...own]);
    } catch (error) {
      // The page's own statements failed the batch: the session is read on its own, and the page
      // gets its error as it would have without company.
      base.batch(leading).then(recorder.answer, recorder.fail);
      throw error;
    }
    recorder.answer(results.slice(0, leading.length));
    await accepted;
    return pick(results.slice(leading.length));
  };
  const client = new Proxy(base, {
    get(target, name, receiver) {
      if (name === "batch") {
        return (statements: Statement[], mode?: Parameters<Client["batch"]>[1]) =>
          carry((s) => target.batch(s, mode), statements, (rs) => rs);
      }
      if (name === "execute") {
        return (statement: Statement | string, args?: Parameters<Client["execute"]>[1]) => {
          const own: Statement = typeof statement === "string" ? { sql: statement, args: args ?? [] } : statement;
          if (sent) return target.execute(own).then(async (rs) => (await accepted, rs));
          return carry((s) => target.batch(s), [own], (rs) => rs[0]!);
        };
      }
      const member = Reflect.get(target, name, receiver);
      if (typeof member !== "function") return member;
      // Anything else (executeMultiple, a transaction) waits for the reads to be accepted first.
      return async (...args: unknown[]) => {
        await checked();
        return (member as (...a: unknown[]) => unknown).apply(target, args);
      };
    },
  });
  function checked(): Promise<T> {
    if (!sent) {
      sent = true;
      base.batch(leading).then(recorder.answer, recorder.fail);
    }
    return accepted;
  }
  return { db: drizzle(client, { schema }) as Db, checked };
}

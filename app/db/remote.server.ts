import type { MessagePort } from "node:worker_threads";
import type { PGlite, QueryOptions, Results, Transaction } from "@electric-sql/pglite";
import { type PreparedStatements, preparedStatementsOf } from "./prepared.server";

/**
 * The embedded database across threads. PGlite runs in one thread; the app threads (see
 * app/server/threads.ts) reach it through a MessagePort each: `serveDatabase` answers on the
 * database's side, `remoteClient` is what drizzle is given on the other. Statements run one at
 * a time as before, and a transaction holds the database until it ends, as PGlite's own does.
 */

type Call =
  | {
      op: "query";
      sql: string;
      params?: unknown[];
      rowMode?: "array" | "object";
      keepText: number[];
      tx?: number;
    }
  | { op: "exec"; sql: string; tx?: number }
  | { op: "begin" }
  | { op: "commit" | "rollback"; tx: number };
type Message = Call & { id: number };
type Reply =
  | { id: number; ok: true; value: unknown }
  | { id: number; ok: false; error: ErrorFields };
type ErrorFields = { message: string; name?: string } & Record<string, unknown>;

/** What an error carries over: its message and the fields the app reads (code, detail...). */
function errorFields(error: unknown): ErrorFields {
  if (!(error instanceof Error)) return { message: String(error) };
  const fields: ErrorFields = { message: error.message, name: error.name };
  for (const [key, value] of Object.entries(error)) {
    if (value === null || ["string", "number", "boolean"].includes(typeof value))
      fields[key] = value;
  }
  return fields;
}

function errorFrom(fields: ErrorFields): Error {
  const error = new Error(fields.message);
  Object.assign(error, fields);
  return error;
}

const ROLLBACK = Symbol("rollback");
/** json and jsonb. */
const JSON_TYPES = [114, 3802];

/** Parses, in place, the JSON columns the database's thread sent as text. */
function parseJsonColumns(result: Results<unknown> & { json?: (string | number)[] }) {
  const { json } = result;
  if (!json) return result;
  delete result.json;
  for (const row of result.rows as Record<string | number, unknown>[]) {
    for (const column of json) {
      const text = row[column];
      if (typeof text === "string") row[column] = JSON.parse(text);
    }
  }
  return result;
}

/**
 * A statement outside a transaction, through a prepared statement once its text has been seen
 * before (see prepared.server.ts). One the database has lost is run as a plain statement.
 */
async function queryPrepared(
  pglite: PGlite,
  statements: PreparedStatements,
  sql: string,
  params: unknown[] | undefined,
  options: QueryOptions,
) {
  const entry = statements.claim(sql);
  if (!entry) return pglite.query(sql, params, options);
  try {
    // `statement` is read by PGlite as patched (patches/).
    return await pglite.query(sql, params, { ...options, statement: entry } as QueryOptions);
  } catch (error) {
    if ((error as { code?: unknown }).code !== "26000") throw error;
    statements.forget(sql, entry);
    return await pglite.query(sql, params, options);
  } finally {
    statements.done(entry);
  }
}

/** Answers one app thread's statements and transactions on `port` with the open database. */
export function serveDatabase(pglite: PGlite, port: MessagePort) {
  const prepared = preparedStatementsOf(pglite);
  // The statements of each open transaction, in order, and the end that closes it.
  const transactions = new Map<number, (message: Message) => void>();
  let nextTx = 1;
  const reply = (message: Reply) => port.postMessage(message);
  const run = async (id: number, work: () => Promise<unknown>) => {
    try {
      reply({ id, ok: true, value: await work() });
    } catch (error) {
      reply({ id, ok: false, error: errorFields(error) });
    }
  };
  const statement = async (on: PGlite | Transaction, message: Message) => {
    if (message.op === "exec") return on.exec(message.sql);
    if (message.op !== "query") throw new Error(`Unexpected ${message.op}`);
    // drizzle asks for timestamps, dates and intervals as the database's text: a parser that
    // keeps the text, for each type it names.
    // JSON stays text too, and is parsed by the thread that asked: this thread runs every
    // thread's statements, and a string is quicker to send than the objects it holds.
    const parsers = Object.fromEntries(
      [...message.keepText, ...JSON_TYPES].map((type) => [type, (text: string) => text]),
    );
    const options: QueryOptions = { rowMode: message.rowMode, parsers };
    const result =
      on === pglite
        ? await queryPrepared(pglite, prepared, message.sql, message.params, options)
        : await on.query(message.sql, message.params, options);
    const json = result.fields.flatMap((field, index) =>
      JSON_TYPES.includes(field.dataTypeID) && !message.keepText.includes(field.dataTypeID)
        ? [message.rowMode === "array" ? index : field.name]
        : [],
    );
    return json.length > 0 ? { ...result, json } : result;
  };
  const begin = (id: number) => {
    const tx = nextTx++;
    const queue: Message[] = [];
    let wake: (() => void) | undefined;
    transactions.set(tx, (message) => {
      queue.push(message);
      wake?.();
    });
    // Which message ends the transaction (a commit or a rollback), once it has come.
    let end: Message | undefined;
    let started = false;
    pglite
      .transaction(async (on) => {
        started = true;
        reply({ id, ok: true, value: tx });
        for (;;) {
          if (queue.length === 0) await new Promise<void>((resolve) => (wake = resolve));
          const message = queue.shift() as Message;
          if (message.op === "commit") {
            end = message;
            return;
          }
          if (message.op === "rollback") {
            end = message;
            throw ROLLBACK;
          }
          await run(message.id, () => statement(on, message));
        }
      })
      .then(
        () => end && reply({ id: end.id, ok: true, value: null }),
        (error) => {
          const answer = started ? end?.id : id;
          if (answer === undefined) return;
          if (error === ROLLBACK) reply({ id: answer, ok: true, value: null });
          else reply({ id: answer, ok: false, error: errorFields(error) });
        },
      )
      .finally(() => transactions.delete(tx));
  };
  port.on("message", (message: Message) => {
    if (message.op === "begin") return begin(message.id);
    if ("tx" in message && message.tx !== undefined) {
      const into = transactions.get(message.tx);
      if (into) return into(message);
      return reply({ id: message.id, ok: false, error: { message: "The transaction has ended." } });
    }
    void run(message.id, () => statement(pglite, message));
  });
  return {
    /** The thread is gone: any transaction it left open is rolled back. */
    abandon() {
      for (const [tx, into] of transactions) into({ op: "rollback", tx, id: -1 });
      port.close();
    },
  };
}

/** Type ids whose values drizzle's parsers keep as text (all it passes are such). */
const keptText = (options?: QueryOptions) => Object.keys(options?.parsers ?? {}).map(Number);

/** A stand-in for PGlite in an app thread: what drizzle's PGlite driver calls, sent over `port`. */
export function remoteClient(port: MessagePort) {
  let nextId = 1;
  const pending = new Map<
    number,
    { resolve: (value: unknown) => void; reject: (error: Error) => void }
  >();
  port.on("message", (reply: Reply) => {
    const waiting = pending.get(reply.id);
    if (!waiting) return;
    pending.delete(reply.id);
    if (reply.ok) waiting.resolve(reply.value);
    else waiting.reject(errorFrom(reply.error));
  });
  // Replies hold nothing open: the thread ends when its work does.
  port.unref();
  const call = <T>(message: Call): Promise<T> =>
    new Promise((resolve, reject) => {
      const id = nextId++;
      pending.set(id, { resolve: resolve as (value: unknown) => void, reject });
      port.postMessage({ ...message, id });
    });
  const on = (tx?: number) => ({
    query: async <T>(sql: string, params?: unknown[], options?: QueryOptions) =>
      parseJsonColumns(
        await call<Results<T>>({
          op: "query",
          sql,
          params,
          rowMode: options?.rowMode,
          keepText: keptText(options),
          tx,
        }),
      ) as Results<T>,
    exec: (sql: string) => call<Results[]>({ op: "exec", sql, tx }),
  });
  return {
    ...on(),
    async transaction<T>(work: (tx: ReturnType<typeof on>) => Promise<T>): Promise<T> {
      const tx = await call<number>({ op: "begin" });
      let result: T;
      try {
        result = await work(on(tx));
      } catch (error) {
        await call({ op: "rollback", tx }).catch(() => {});
        throw error;
      }
      await call({ op: "commit", tx });
      return result;
    },
    async close() {
      port.close();
    },
  };
}

import type { PGlite } from "@electric-sql/pglite";
import { log } from "~/lib/log.server";

/**
 * Statements the embedded database keeps prepared, by their text. PGlite parses, analyses and
 * plans every statement afresh; a page's session read alone spent three quarters of its time
 * there (docs/decisions/041-prepared-statements.md). A text seen a second time is prepared under
 * a name (PGlite is patched to take one: `statement` in a query's options), and from then on
 * bound to at once. The least recently used are let go beyond `capacity`, so that texts made
 * once (a list of a new length, a one-off report) cannot fill the database's memory.
 */
export interface PreparedStatement {
  /** The name the database knows it by. */
  name: string;
  /** Its parameters' types, set by PGlite once it is prepared. */
  types?: number[];
  /** Statements using it now: it is let go only when none is. */
  uses: number;
  evicted: boolean;
}

export class PreparedStatements {
  readonly #entries = new Map<string, PreparedStatement>();
  /** Texts seen once, not yet prepared: a text used once is never prepared. */
  readonly #seen = new Set<string>();
  #next = 1;

  constructor(
    private readonly release: (name: string) => Promise<unknown>,
    private readonly capacity = 256,
  ) {}

  /** The prepared statement to use for `sql`, or none the first time it is seen. */
  claim(sql: string): PreparedStatement | undefined {
    let entry = this.#entries.get(sql);
    if (entry) {
      // Most recently used last.
      this.#entries.delete(sql);
      this.#entries.set(sql, entry);
    } else if (!this.#seen.has(sql)) {
      if (this.#seen.size >= 4 * this.capacity) this.#seen.clear();
      this.#seen.add(sql);
      return undefined;
    } else {
      this.#seen.delete(sql);
      entry = { name: `hsd_${this.#next++}`, uses: 0, evicted: false };
      this.#entries.set(sql, entry);
      this.#evictBeyondCapacity();
    }
    entry.uses += 1;
    return entry;
  }

  /** A statement claimed has ended (answered or failed). */
  done(entry: PreparedStatement) {
    entry.uses -= 1;
    if (entry.evicted) this.#releaseIfIdle(entry);
  }

  /** The database no longer has it (it answered that the statement does not exist). */
  forget(sql: string, entry: PreparedStatement) {
    entry.types = undefined;
    if (this.#entries.get(sql) === entry) this.#entries.delete(sql);
    entry.evicted = true;
  }

  get size() {
    return this.#entries.size;
  }

  #evictBeyondCapacity() {
    while (this.#entries.size > this.capacity) {
      const [sql, oldest] = this.#entries.entries().next().value as [string, PreparedStatement];
      this.#entries.delete(sql);
      oldest.evicted = true;
      this.#releaseIfIdle(oldest);
    }
  }

  #releaseIfIdle(entry: PreparedStatement) {
    // Not prepared (its first use failed, or has not run yet and now never will): nothing to free.
    if (entry.uses > 0 || !entry.types) return;
    entry.types = undefined;
    this.release(entry.name).catch((error: unknown) => {
      // Gone already (someone let every statement go by hand): what was wanted.
      if ((error as { code?: unknown }).code === "26000") return;
      log.warn({ err: error, statement: entry.name }, "could not let a prepared statement go");
    });
  }
}

const byDatabase = new WeakMap<PGlite, PreparedStatements>();

/** The one set of prepared statements of an open database (every thread's statements share it). */
export function preparedStatementsOf(pglite: PGlite): PreparedStatements {
  let statements = byDatabase.get(pglite);
  if (!statements) {
    statements = new PreparedStatements((name) => pglite.exec(`DEALLOCATE "${name}"`));
    byDatabase.set(pglite, statements);
  }
  return statements;
}

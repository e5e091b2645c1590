import { createRequire } from "node:module";

/**
 * A package loaded on first use instead of when the server starts. Every app thread imports
 * the whole server build at a start; the packages that only a few requests need (the XLSX
 * writer, the PDF maker, the mail sender, the QR code, the PostgreSQL driver on the embedded
 * database) were half of that import's time (docs/decisions/035-start-up-in-three-seconds.md).
 * The loader runs once; the first call pays for it, synchronously, which suits CommonJS
 * packages used from synchronous code.
 */
export function lazyPackage<T>(load: (require: NodeRequire) => T): () => T {
  let loaded: { value: T } | undefined;
  return () => {
    loaded ??= { value: load(createRequire(import.meta.url)) };
    return loaded.value;
  };
}

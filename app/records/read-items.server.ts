import { createReadStream } from "node:fs";

/**
 * Reads an import file item by item without holding the file in memory: a JSON array
 * (split at its top-level commas by a small scanner) or JSON Lines (one item a line).
 * Items come out as text with their number and line; parsing and validation are the
 * caller's.
 */
export interface RawItem {
  /** 1-based position in the file. */
  item: number;
  /** 1-based line where the item starts. */
  line: number;
  text: string;
}

export interface FileProblem {
  line: number;
  problem: string;
}

export type ImportFormat = "json" | "jsonl";

export class ImportFileError extends Error {
  constructor(
    readonly line: number,
    message: string,
  ) {
    super(message);
  }
}

/** Chunks of a file on disk, as text (UTF-8; a byte sequence that is not UTF-8 is an error). */
export async function* fileChunks(path: string): AsyncGenerator<string> {
  const decoder = new TextDecoder("utf-8", { fatal: true });
  for await (const chunk of createReadStream(path, { highWaterMark: 1 << 20 })) {
    yield decodeChunk(decoder, chunk as Buffer, false);
  }
  yield decodeChunk(decoder, undefined, true);
}

/** Chunks of text already in memory (an uploaded file). */
export async function* textChunks(text: string, size = 1 << 20): AsyncGenerator<string> {
  for (let start = 0; start < text.length; start += size) yield text.slice(start, start + size);
}

function decodeChunk(decoder: TextDecoder, chunk: Buffer | undefined, last: boolean) {
  try {
    return decoder.decode(chunk, { stream: !last });
  } catch {
    throw new ImportFileError(
      0,
      "The file is not UTF-8 text. Save it as UTF-8 JSON or JSON Lines.",
    );
  }
}

/**
 * Splits a stream of text into items. Throws ImportFileError for a file whose structure
 * is broken (an unclosed array, text after it); a malformed single item is returned as
 * text for the caller to report against its item number.
 */
export async function* readItems(
  chunks: AsyncIterable<string>,
  onFormat?: (format: ImportFormat) => void,
) {
  let format: ImportFormat | undefined;
  let line = 1;
  // JSON array scanner state.
  let depth = 0;
  let inString = false;
  let escaped = false;
  let closed = false;
  let current = "";
  let currentLine = 0;
  let item = 0;
  let sawComma = false;

  for await (let chunk of chunks) {
    if (format === undefined) {
      if (item === 0 && line === 1 && chunk.charCodeAt(0) === 0xfeff) chunk = chunk.slice(1);
      const first = chunk.search(/\S/);
      if (first === -1) {
        line += countLines(chunk);
        continue;
      }
      format = chunk[first] === "[" ? "json" : "jsonl";
      onFormat?.(format);
    }

    if (format === "jsonl") {
      current += chunk;
      let newline = current.indexOf("\n");
      while (newline !== -1) {
        const text = current.slice(0, newline).replace(/\r$/, "");
        if (text.trim()) yield { item: ++item, line, text } satisfies RawItem;
        line += 1;
        current = current.slice(newline + 1);
        newline = current.indexOf("\n");
      }
      continue;
    }

    // JSON array: walk the characters, cutting items at depth-1 commas.
    let start = 0;
    for (let i = 0; i < chunk.length; i++) {
      const c = chunk[i];
      if (c === "\n") line += 1;
      if (closed) {
        if (!/\s/.test(c))
          throw new ImportFileError(line, "There is text after the closing ] of the JSON array.");
        continue;
      }
      if (inString) {
        if (escaped) escaped = false;
        else if (c === "\\") escaped = true;
        else if (c === '"') inString = false;
        continue;
      }
      if (c === '"') {
        inString = true;
        if (depth === 1 && !current.trim() && start === i) currentLine = line;
      } else if (c === "[" || c === "{") {
        depth += 1;
        if (depth === 1) {
          start = i + 1;
          continue;
        }
      } else if (c === "]" || c === "}") {
        depth -= 1;
        if (depth === 0) {
          current += chunk.slice(start, i);
          const text = current.trim();
          if (text) yield { item: ++item, line: currentLine || line, text } satisfies RawItem;
          else if (sawComma) throw new ImportFileError(line, "The JSON array ends with a comma.");
          current = "";
          closed = true;
          continue;
        }
      } else if (c === "," && depth === 1) {
        current += chunk.slice(start, i);
        const text = current.trim();
        if (!text)
          throw new ImportFileError(
            line,
            "The JSON array has an empty item (two commas in a row).",
          );
        yield { item: ++item, line: currentLine || line, text } satisfies RawItem;
        current = "";
        currentLine = 0;
        sawComma = true;
        start = i + 1;
        continue;
      }
      if (depth >= 1 && !currentLine && !/\s/.test(c)) currentLine = line;
    }
    if (!closed && depth >= 1) current += chunk.slice(start);
  }

  if (format === "jsonl") {
    const text = current.replace(/\r$/, "");
    if (text.trim()) yield { item: ++item, line, text } satisfies RawItem;
  } else if (format === "json" && !closed) {
    throw new ImportFileError(
      line,
      "The JSON array is not closed: the file ends before its final ].",
    );
  }
  if (format === undefined) throw new ImportFileError(1, "The file is empty.");
}

function countLines(text: string) {
  let count = 0;
  for (let i = text.indexOf("\n"); i !== -1; i = text.indexOf("\n", i + 1)) count += 1;
  return count;
}

import { deserialize, serialize } from "node:v8";
import { Column } from "./column";
import { IntList } from "./int-list";
import { Postings } from "./postings";
import { RecordDates } from "./record-dates";
import { IndexStore } from "./store";
import { TermDictionary } from "./term-dictionary";
import { TermStream } from "./term-stream";
import { ValueDictionary } from "./value-dictionary";

/**
 * The index's store as bytes and back (docs/decisions/032-search-index-snapshot.md): every
 * object of the store, its typed arrays, maps and lists, written by V8's serializer, with each
 * object of one of the store's classes tagged by its class, so that it is read back with its
 * methods. A class the store starts to use that is not listed here makes writing fail, rather
 * than come back as a plain object without its methods.
 */
const CLASSES = {
  IndexStore,
  TermStream,
  TermDictionary,
  ValueDictionary,
  RecordDates,
  Postings,
  IntList,
  Column,
} as const;
type ClassName = keyof typeof CLASSES;
const NAME_OF = new Map<unknown, ClassName>(
  Object.entries(CLASSES).map(([name, Class]) => [Class.prototype, name as ClassName]),
);
const TAG = "$class";

const isPrimitive = (value: unknown) =>
  value === null || (typeof value !== "object" && typeof value !== "function");

function encode(value: unknown): unknown {
  if (isPrimitive(value) || ArrayBuffer.isView(value)) return value;
  if (typeof value === "function") throw new Error("a function cannot be written to a snapshot");
  if (Array.isArray(value))
    return value.length === 0 || isPrimitive(value[0]) ? value : value.map(encode);
  if (value instanceof Map) {
    const first = value.values().next();
    if (first.done || isPrimitive(first.value)) return value;
    return new Map(Array.from(value, ([key, item]) => [key, encode(item)]));
  }
  const prototype = Object.getPrototypeOf(value);
  const fields = Object.fromEntries(
    Object.entries(value as object).map(([key, item]) => [key, encode(item)]),
  );
  if (prototype === Object.prototype) return fields;
  const name = NAME_OF.get(prototype);
  if (!name) throw new Error(`${prototype?.constructor?.name} is not a class a snapshot knows`);
  return { [TAG]: name, fields };
}

function decode(value: unknown): unknown {
  if (isPrimitive(value) || ArrayBuffer.isView(value)) return value;
  if (Array.isArray(value))
    return value.length === 0 || isPrimitive(value[0]) ? value : value.map(decode);
  if (value instanceof Map) {
    const first = value.values().next();
    if (first.done || isPrimitive(first.value)) return value;
    return new Map(Array.from(value, ([key, item]) => [key, decode(item)]));
  }
  const record = value as Record<string, unknown>;
  if (typeof record[TAG] === "string") {
    const Class = CLASSES[record[TAG] as ClassName];
    if (!Class) throw new Error(`unknown class ${String(record[TAG])} in the snapshot`);
    const object = Object.create(Class.prototype);
    for (const [key, item] of Object.entries(record.fields as object)) object[key] = decode(item);
    return object;
  }
  return Object.fromEntries(Object.entries(record).map(([key, item]) => [key, decode(item)]));
}

/** The store as bytes. */
export function encodeStore(store: IndexStore): Buffer {
  return serialize(encode(store));
}

/** The store back from encodeStore's bytes. */
export function decodeStore(bytes: Uint8Array): IndexStore {
  const store = decode(deserialize(bytes));
  if (!(store instanceof IndexStore)) throw new Error("the snapshot does not hold an index store");
  return store;
}

import { deserialize, serialize } from "node:v8";
import { Column } from "./column";
import { IntList } from "./int-list";
import { PairPostings } from "./pair-postings";
import { Postings } from "./postings";
import { RecordDates } from "./record-dates";
import { IndexStore } from "./store";
import { TermDictionary } from "./term-dictionary";
import { TermStream } from "./term-stream";
import { ValueDictionary } from "./value-dictionary";

/**
 * The index's store as bytes and back (docs/decisions/032-search-index-snapshot.md). Its
 * bulk goes in forms that read back fast: every typed array as its raw bytes, each list of
 * strings and each map of strings to numbers as one joined string (split when read, which is a
 * single native call instead of a million objects read one by one), each list of whole numbers
 * as a typed array. The rest, a small skeleton of objects, maps and lists with each bulky part
 * replaced by its place, is written by V8's serializer, with each object of one of the store's
 * classes tagged by its class so that it is read back with its methods. A class the store starts
 * to use that is not listed here makes writing fail, rather than come back as a plain object
 * without its methods. At 100,000 records the skeleton alone took V8 1.1 s to read and the whole
 * store 1.7 s; split and copied from raw bytes, the same store reads in a fraction of that.
 * A class may also list `derivedFields` (a static list): fields it rebuilds from the others
 * when it needs them, which are not written (the dictionaries' maps of text to id).
 */
const CLASSES = {
  IndexStore,
  TermStream,
  TermDictionary,
  ValueDictionary,
  RecordDates,
  Postings,
  PairPostings,
  IntList,
  Column,
} as const;
type ClassName = keyof typeof CLASSES;
const NAME_OF = new Map<unknown, ClassName>(
  Object.entries(CLASSES).map(([name, Class]) => [Class.prototype, name as ClassName]),
);
const TAG = "$class";

/** The typed arrays a store may hold, by the name a part's entry records. */
const TYPED = {
  Int8Array,
  Uint8Array,
  Uint8ClampedArray,
  Int16Array,
  Uint16Array,
  Int32Array,
  Uint32Array,
  Float32Array,
  Float64Array,
} as const;
type TypedName = keyof typeof TYPED;
type Typed = InstanceType<(typeof TYPED)[TypedName]>;

/** Lists and maps shorter than this stay in the skeleton: packing them saves nothing. */
const PACK_FROM = 32;
const SEPARATOR = "\u0000";
/** A raw part this large (4 MB, a few milliseconds to copy) is followed by a turn. */
const LARGE_PART = 4 << 20;
/** How many entries of a map are read back between two turns of the event loop (about 20 ms). */
const TURN_EVERY = 25_000;
/** Raw parts start at multiples of this, so that any typed array could view them in place. */
const ALIGN = 8;

/** What the skeleton holds in place of a bulky part (an index into the part table). */
type Placeholder =
  | { $typed: number }
  | { $strings: string; count: number }
  | { $ints: number }
  | { $stringMap: string; count: number; values: number };

const isPrimitive = (value: unknown) =>
  value === null || (typeof value !== "object" && typeof value !== "function");
const isInt32 = (value: unknown): value is number =>
  typeof value === "number" && (value | 0) === value && !Object.is(value, -0);
const isPlainString = (value: unknown): value is string =>
  typeof value === "string" && !value.includes(SEPARATOR);
/** Whether every place of the list passes (a hole does not: `every` would skip it). */
function all(list: unknown[], test: (item: unknown) => boolean) {
  for (let i = 0; i < list.length; i++) if (!test(list[i])) return false;
  return true;
}

class Encoder {
  readonly parts: Typed[] = [];
  /** Each typed array, list or map packed once, so that one held twice reads back as one. */
  private packed = new Map<unknown, Placeholder>();

  private part(array: Typed) {
    this.parts.push(array);
    return this.parts.length - 1;
  }

  private pack(value: object, make: () => Placeholder | null): Placeholder | null {
    const known = this.packed.get(value);
    if (known) return known;
    const made = make();
    if (made) this.packed.set(value, made);
    return made;
  }

  encode(value: unknown): unknown {
    if (isPrimitive(value)) return value;
    if (ArrayBuffer.isView(value)) {
      const name = value.constructor.name;
      if (!(name in TYPED)) throw new Error(`a ${name} cannot be written to a snapshot`);
      return this.pack(value, () => ({ $typed: this.part(value as Typed) }));
    }
    if (typeof value === "function") throw new Error("a function cannot be written to a snapshot");
    if (Array.isArray(value)) {
      if (value.length >= PACK_FROM) {
        const packed = this.pack(value, () => {
          if (all(value, isPlainString))
            return { $strings: value.join(SEPARATOR), count: value.length };
          if (all(value, isInt32)) return { $ints: this.part(Int32Array.from(value)) };
          return null;
        });
        if (packed) return packed;
      }
      return value.length === 0 || isPrimitive(value[0])
        ? value
        : value.map((item) => this.encode(item));
    }
    if (value instanceof Map) {
      if (value.size >= PACK_FROM) {
        const packed = this.pack(value, () => {
          const keys = [...value.keys()];
          const values = [...value.values()];
          if (!all(keys, isPlainString) || !all(values, isInt32)) return null;
          return {
            $stringMap: keys.join(SEPARATOR),
            count: keys.length,
            values: this.part(Int32Array.from(values)),
          };
        });
        if (packed) return packed;
      }
      const first = value.values().next();
      if (first.done || isPrimitive(first.value)) return value;
      return new Map(Array.from(value, ([key, item]) => [key, this.encode(item)]));
    }
    const prototype = Object.getPrototypeOf(value);
    // A class may name fields it rebuilds from the others when needed: they are not written.
    const derived: readonly string[] =
      (prototype?.constructor as { derivedFields?: readonly string[] } | undefined)
        ?.derivedFields ?? [];
    const fields = Object.fromEntries(
      Object.entries(value as object)
        .filter(([key]) => !derived.includes(key))
        .map(([key, item]) => [key, this.encode(item)]),
    );
    if (prototype === Object.prototype) return fields;
    const name = NAME_OF.get(prototype);
    if (!name) throw new Error(`${prototype?.constructor?.name} is not a class a snapshot knows`);
    return { [TAG]: name, fields };
  }
}

class Decoder {
  /** Placeholders read back once each (the skeleton keeps one object for a part held twice). */
  private read = new Map<object, unknown>();
  constructor(private parts: Typed[]) {}

  /**
   * Reads back one part now (decode then finds it read), so that the work can be spread out;
   * a large map is filled a slice at a time, with `turn()` awaited between slices.
   */
  async unpackAhead(placeholder: Placeholder, turn: () => Promise<unknown>) {
    if (this.read.has(placeholder)) return;
    if (!("$stringMap" in placeholder)) {
      this.read.set(placeholder, this.unpack(placeholder));
      return;
    }
    const keys = placeholder.count === 0 ? [] : placeholder.$stringMap.split(SEPARATOR);
    const values = this.parts[placeholder.values];
    const map = new Map<string, number>();
    for (let from = 0; from < keys.length; from += TURN_EVERY) {
      if (from > 0) await turn();
      const to = Math.min(keys.length, from + TURN_EVERY);
      for (let i = from; i < to; i++) map.set(keys[i], values[i]);
    }
    this.read.set(placeholder, map);
  }

  private unpack(placeholder: Placeholder): unknown {
    if ("$typed" in placeholder) return this.parts[placeholder.$typed];
    if ("$ints" in placeholder) return Array.from(this.parts[placeholder.$ints]);
    if ("$strings" in placeholder)
      return placeholder.count === 0 ? [] : placeholder.$strings.split(SEPARATOR);
    const keys = placeholder.count === 0 ? [] : placeholder.$stringMap.split(SEPARATOR);
    const values = this.parts[placeholder.values];
    const map = new Map<string, number>();
    for (let i = 0; i < keys.length; i++) map.set(keys[i], values[i]);
    return map;
  }

  decode(value: unknown): unknown {
    if (isPrimitive(value)) return value;
    if (Array.isArray(value))
      return value.length === 0 || isPrimitive(value[0])
        ? value
        : value.map((item) => this.decode(item));
    if (value instanceof Map) {
      const first = value.values().next();
      if (first.done || isPrimitive(first.value)) return value;
      return new Map(Array.from(value, ([key, item]) => [key, this.decode(item)]));
    }
    const record = value as Record<string, unknown>;
    if (isPlaceholder(record)) {
      if (!this.read.has(record)) this.read.set(record, this.unpack(record as Placeholder));
      return this.read.get(record);
    }
    if (typeof record[TAG] === "string") {
      const Class = CLASSES[record[TAG] as ClassName];
      if (!Class) throw new Error(`unknown class ${String(record[TAG])} in the snapshot`);
      const object = Object.create(Class.prototype);
      for (const [key, item] of Object.entries(record.fields as object))
        object[key] = this.decode(item);
      return object;
    }
    return Object.fromEntries(
      Object.entries(record).map(([key, item]) => [key, this.decode(item)]),
    );
  }
}

const padding = (at: number) => (ALIGN - (at % ALIGN)) % ALIGN;

/**
 * The store as bytes, in pieces to be written one after another: the skeleton's length, the
 * skeleton (with the table of parts: each one's type and length), then every part's raw bytes,
 * each at a multiple of ALIGN from the start.
 */
export function encodeStore(store: IndexStore): Uint8Array[] {
  const encoder = new Encoder();
  const root = encoder.encode(store);
  const table = encoder.parts.map((part) => [part.constructor.name, part.length]);
  const skeleton = serialize({ root, parts: table });
  const length = Buffer.alloc(4);
  length.writeUInt32LE(skeleton.length);
  const chunks: Uint8Array[] = [length, skeleton];
  let at = 4 + skeleton.length;
  for (const part of encoder.parts) {
    const gap = padding(at);
    if (gap) chunks.push(new Uint8Array(gap));
    chunks.push(new Uint8Array(part.buffer, part.byteOffset, part.byteLength));
    at += gap + part.byteLength;
  }
  return chunks;
}

const isPlaceholder = (value: object) =>
  "$typed" in value || "$ints" in value || "$strings" in value || "$stringMap" in value;

/** Every placeholder of the skeleton. */
function* placeholdersOf(value: unknown): Generator<Placeholder> {
  if (isPrimitive(value)) return;
  if (Array.isArray(value)) {
    if (value.length > 0 && !isPrimitive(value[0]))
      for (const item of value) yield* placeholdersOf(item);
    return;
  }
  if (value instanceof Map) {
    for (const item of value.values()) yield* placeholdersOf(item);
    return;
  }
  if (isPlaceholder(value as object)) {
    yield value as Placeholder;
    return;
  }
  for (const item of Object.values(value as object)) yield* placeholdersOf(item);
}

/**
 * The skeleton and the raw parts of encodeStore's bytes (each part copied out), pausing (a
 * `yield`) after each large part, so that a caller may give the event loop a turn there.
 */
function* readParts(bytes: Uint8Array): Generator<void, { root: unknown; decoder: Decoder }> {
  if (bytes.length < 4) throw new Error("the snapshot holds no index store");
  const view = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const skeletonLength = view.readUInt32LE(0);
  if (4 + skeletonLength > bytes.length) throw new Error("the snapshot holds no index store");
  const { root, parts: table } = deserialize(view.subarray(4, 4 + skeletonLength)) as {
    root: unknown;
    parts: [TypedName, number][];
  };
  let at = 4 + skeletonLength;
  const parts: Typed[] = [];
  for (const [name, length] of table) {
    const Type = TYPED[name];
    if (!Type) throw new Error(`unknown array type ${name} in the snapshot`);
    at += padding(at);
    const byteLength = length * Type.BYTES_PER_ELEMENT;
    if (at + byteLength > bytes.length) throw new Error("the snapshot is shorter than it says");
    const start = bytes.byteOffset + at;
    parts.push(new Type(bytes.buffer.slice(start, start + byteLength) as ArrayBuffer));
    at += byteLength;
    if (byteLength >= LARGE_PART) yield;
  }
  return { root, decoder: new Decoder(parts) };
}

/** Runs a generator to its end without pausing, and gives what it returns. */
function drain<T>(steps: Generator<void, T>): T {
  for (;;) {
    const step = steps.next();
    if (step.done) return step.value;
  }
}

function asStore(value: unknown) {
  if (!(value instanceof IndexStore)) throw new Error("the snapshot does not hold an index store");
  return value;
}

/** The store back from encodeStore's bytes (each part copied out, so `bytes` can be let go). */
export function decodeStore(bytes: Uint8Array): IndexStore {
  const { root, decoder } = drain(readParts(bytes));
  return asStore(decoder.decode(root));
}

/**
 * The same, a part at a time with a turn of the event loop after each large one and within
 * each large map (no slice takes more than a few tens of milliseconds at 100,000 records): a
 * thread decoding at start-up goes on answering its messages meanwhile, its database replies
 * among them, so that a statement it sends is not held up behind the decoding.
 */
export async function decodeStoreInTurns(bytes: Uint8Array): Promise<IndexStore> {
  const turn = () => new Promise((resolve) => setImmediate(resolve));
  const steps = readParts(bytes);
  let step = steps.next();
  for (; !step.done; step = steps.next()) await turn();
  const { root, decoder } = step.value;
  for (const placeholder of placeholdersOf(root)) {
    await decoder.unpackAhead(placeholder, turn);
    if ("count" in placeholder && placeholder.count >= 10_000) await turn();
  }
  return asStore(decoder.decode(root));
}

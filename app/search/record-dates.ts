import { IntList } from "./int-list";
import { lowerBound } from "./sorted";

/**
 * The dates of the date filters, per ordinal: entries of (filter index, event name id, day)
 * held as triples in one list, each ordinal's entries together. Days are numbers yyyymmdd
 * (days.ts).
 */
export class RecordDates {
  /** Per ordinal: its first entry (an entry's offset in `entries` divided by 3) and how many. */
  start = new Int32Array(0);
  count = new Uint16Array(0);
  /** Triples: filter index, event name id, day. */
  readonly entries = new IntList(1 << 12);
  private eventIds = new Map<string, number>();
  /** Event name id → event name. */
  readonly eventNames: string[] = [];

  resize(capacity: number) {
    const start = new Int32Array(capacity);
    start.set(this.start);
    const count = new Uint16Array(capacity);
    count.set(this.count);
    this.start = start;
    this.count = count;
  }

  /** Starts an ordinal's entries (then add() for each). */
  begin(ordinal: number) {
    this.start[ordinal] = this.entries.length / 3;
    this.count[ordinal] = 0;
  }

  add(ordinal: number, filterIndex: number, eventName: string, day: number) {
    let event = this.eventIds.get(eventName);
    if (event === undefined) {
      event = this.eventNames.length;
      this.eventIds.set(eventName, event);
      this.eventNames.push(eventName);
    }
    this.entries.push(filterIndex);
    this.entries.push(event);
    this.entries.push(day);
    this.count[ordinal]++;
  }

  /** An event name's id, undefined when no record has it. */
  eventId(eventName: string) {
    return this.eventIds.get(eventName);
  }

  /** Replaces `into` by the ordinal's days of one filter (in the order they were added). */
  daysOf(ordinal: number, filterIndex: number, into: number[]) {
    into.length = 0;
    const entries = this.entries.data;
    for (let i = this.start[ordinal] * 3, end = i + this.count[ordinal] * 3; i < end; i += 3)
      if (entries[i] === filterIndex) into.push(entries[i + 2]);
  }

  /** The ordinal an entry (its offset in `entries`) belongs to, of the first `used` ordinals. */
  ownerOf(entry: number, used: number) {
    const at = entry / 3;
    // Starts grow with the ordinal: the owner is the last ordinal starting at or before the entry.
    let low = Math.max(0, lowerBound(used, (i) => this.start[i] <= at) - 1);
    while (this.count[low] === 0 || this.start[low] + this.count[low] <= at) low--;
    return low;
  }

  /** The offsets of one filter's entries, ordinal by ordinal. */
  entriesOf(filterIndex: number, used: number) {
    const found: number[] = [];
    const entries = this.entries.data;
    for (let doc = 0; doc < used; doc++) {
      for (let i = this.start[doc] * 3, end = i + this.count[doc] * 3; i < end; i += 3)
        if (entries[i] === filterIndex) found.push(i);
    }
    return found;
  }

  bytes() {
    return this.start.byteLength + this.count.byteLength + this.entries.data.byteLength;
  }
}

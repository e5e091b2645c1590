import type { ValueDictionary } from "./value-dictionary";

/**
 * Facet columns counted together (docs/decisions/038-facets-counted-in-groups.md). Most facet
 * filters hold at most one value per record, and few values (a status, a yes or no, a
 * therapeutic area). Such columns are packed into groups: per ordinal one code that holds
 * every column of the group, so that counting a match set is one increment per group and
 * record instead of one per column, and each column's counts are then read off the group's
 * joint counts. Derived from the columns whenever the records change (a new value changes a
 * column's size), as the date tables are.
 */

/** A group's joint counts have at most this many slots (32 KB of counts: they stay in cache). */
const GROUP_SLOTS = 8192;

export interface PackedColumn {
  filterIndex: number;
  /** The column's values plus one (code digit 0: the record has none). */
  size: number;
  /** What one step of this column's digit adds to the code. */
  step: number;
}

export interface PackedGroup {
  /** Per ordinal, the group's code: the sum over its columns of (local value + 1) × step. */
  codes: Uint16Array;
  columns: PackedColumn[];
  slots: number;
}

export interface FacetPacking {
  groups: PackedGroup[];
  /** The filters whose columns are in a group. */
  packed: Set<number>;
}

/** Packs every column with at most one value per ordinal (below `used`) and room in a group. */
export function packFacets(values: ValueDictionary, used: number): FacetPacking {
  const single: Array<{ filterIndex: number; size: number }> = [];
  for (const [filterIndex, column] of values.columns) {
    let most = 0;
    const length = column.length;
    for (let doc = 0; doc < used && most <= 1; doc++) if (length[doc] > most) most = length[doc];
    const size = values.byFilter[filterIndex].length + 1;
    if (most <= 1 && size <= GROUP_SLOTS) single.push({ filterIndex, size });
  }
  // First fit, largest first: few groups, each within its slots.
  single.sort((a, b) => b.size - a.size || a.filterIndex - b.filterIndex);
  const shapes: Array<{ slots: number; members: typeof single }> = [];
  for (const column of single) {
    const group = shapes.find((shape) => shape.slots * column.size <= GROUP_SLOTS);
    if (group) {
      group.slots *= column.size;
      group.members.push(column);
    } else {
      shapes.push({ slots: column.size, members: [column] });
    }
  }
  const groups = shapes.map((shape): PackedGroup => {
    const codes = new Uint16Array(used);
    let step = 1;
    const columns = shape.members.map(({ filterIndex, size }) => {
      const packed = { filterIndex, size, step };
      step *= size;
      const column = values.columns.get(filterIndex);
      if (column) {
        const { start, length } = column;
        const locals = column.values.data;
        for (let doc = 0; doc < used; doc++)
          if (length[doc] === 1) codes[doc] += (locals[start[doc]] + 1) * packed.step;
      }
      return packed;
    });
    return { codes, columns, slots: shape.slots };
  });
  return { groups, packed: new Set(single.map((column) => column.filterIndex)) };
}

/**
 * Adds the counts of the wanted packed columns over `matches` (ordinals) into `counts`
 * (filter index → counts by local value), one pass over the matches per group.
 */
export function countPacked(
  packing: FacetPacking,
  matches: Int32Array,
  wanted: Set<number>,
  counts: Map<number, Int32Array>,
) {
  for (const group of packing.groups) {
    const columns = group.columns.filter((column) => wanted.has(column.filterIndex));
    if (!columns.length) continue;
    const joint = new Int32Array(group.slots);
    const codes = group.codes;
    for (let m = 0; m < matches.length; m++) joint[codes[matches[m]]]++;
    for (const { filterIndex, size, step } of columns) {
      const count = counts.get(filterIndex);
      if (!count) continue;
      for (let code = 0; code < joint.length; code++) {
        const n = joint[code];
        if (n === 0) continue;
        const local = (((code / step) | 0) % size) - 1;
        if (local >= 0) count[local] += n;
      }
    }
  }
}

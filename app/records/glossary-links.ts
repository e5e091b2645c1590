import { PRINT_SECTIONS } from "~/records/sections";

/**
 * Where a record page's field label finds its glossary entry. Shared by the glossary page
 * (which gives each entry its id) and the record page (which links its labels there).
 */
export interface GlossaryTarget {
  recordSection: string;
  fieldName: string;
  anchor: string;
}

export function slug(text: string) {
  return text
    .normalize("NFKD")
    .replace(/[\u0300-\u036f]/g, "")
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, "-")
    .replace(/^-+|-+$/g, "");
}

/**
 * Each entry's id on /glossary: its section and its field name ("activeCompound-drug-class"),
 * readable in a link. Two names that differ only in punctuation get the entry's number too.
 */
export function glossaryAnchors<E extends { id: number; recordSection: string; fieldName: string }>(
  entries: readonly E[],
): Map<number, string> {
  const taken = new Set<string>();
  const anchors = new Map<number, string>();
  for (const entry of [...entries].sort((a, b) => a.id - b.id)) {
    let anchor = `${entry.recordSection}-${slug(entry.fieldName) || "field"}`;
    if (taken.has(anchor)) anchor = `${anchor}-${entry.id}`;
    taken.add(anchor);
    anchors.set(entry.id, anchor);
  }
  return anchors;
}

const parentOf = new Map(
  PRINT_SECTIONS.filter((s) => s.parent).map((s) => [s.value, s.parent as string]),
);
const pageOrder = new Map(PRINT_SECTIONS.map((s, index) => [s.value, index]));

export function sectionOrder(section: string) {
  return pageOrder.get(section) ?? PRINT_SECTIONS.length;
}

const key = (section: string, name: string) => `${section}\u0000${name.trim().toLowerCase()}`;

/**
 * The glossary link of a label shown in a section: the entry of that section, else of its
 * parent section (the US trial table shares the clinical-trials entries), else the first
 * entry of that name in page order (the key facts repeat fields explained where they belong).
 */
export function glossaryLookup(targets: readonly GlossaryTarget[]) {
  const exact = new Map<string, string>();
  const byName = new Map<string, { anchor: string; order: number }>();
  for (const target of targets) {
    exact.set(key(target.recordSection, target.fieldName), target.anchor);
    const name = target.fieldName.trim().toLowerCase();
    const order = sectionOrder(target.recordSection);
    const known = byName.get(name);
    if (!known || order < known.order) byName.set(name, { anchor: target.anchor, order });
  }
  return (section: string, label: string): string | undefined => {
    const parent = parentOf.get(section);
    const anchor =
      exact.get(key(section, label)) ??
      (parent ? exact.get(key(parent, label)) : undefined) ??
      byName.get(label.trim().toLowerCase())?.anchor;
    return anchor ? `/glossary#${anchor}` : undefined;
  };
}

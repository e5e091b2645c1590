/**
 * The sections of a record, in page order: the print list's 25 items, nested (regulatory
 * information → EMA, FDA; clinical trials → EU and US registries; related records → six
 * kinds). The first is the record's key facts at the top of the page (docs/product.md,
 * docs/decisions/005-record-model.md).
 *
 * Plain data, shared by the record page, the print selection and the change log.
 */
export interface PrintSection {
  id: number;
  value: string;
  label: string;
  parent?: string;
  isParent?: boolean;
}

const list: Array<Omit<PrintSection, "id">> = [
  { value: "keyFacts", label: "Key facts" },
  { value: "activeCompound", label: "Active compound" },
  { value: "estimatedIndication", label: "Estimated indication" },
  { value: "comparators", label: "Comparators" },
  { value: "organisations", label: "Organisations" },
  { value: "classificationAndCodes", label: "Classification and codes" },
  { value: "administrationInformation", label: "Administration information" },
  { value: "diseaseInformation", label: "Disease information" },
  { value: "regulatoryInformation", label: "Regulatory information", isParent: true },
  { value: "ema", label: "EMA", parent: "regulatoryInformation" },
  { value: "fda", label: "FDA", parent: "regulatoryInformation" },
  { value: "clinicalTrials", label: "Clinical trials", isParent: true },
  {
    value: "euClinicalTrialRegistries",
    label: "EU clinical trial registries",
    parent: "clinicalTrials",
  },
  {
    value: "usClinicalTrialRegistries",
    label: "US clinical trial registries",
    parent: "clinicalTrials",
  },
  { value: "relatedRecords", label: "Related records", isParent: true },
  { value: "otherIndications", label: "Other indications", parent: "relatedRecords" },
  { value: "similarIndications", label: "Similar indications", parent: "relatedRecords" },
  { value: "jointMaa", label: "Joint MAA", parent: "relatedRecords" },
  { value: "multiMaa", label: "Multi MAA", parent: "relatedRecords" },
  { value: "timeTrials", label: "Time trials", parent: "relatedRecords" },
  { value: "competitors", label: "Competitors", parent: "relatedRecords" },
  { value: "analysis", label: "Analysis" },
  { value: "highImpactReports", label: "High Impact Reports" },
  { value: "references", label: "References" },
  { value: "recordChangeLog", label: "Record change log" },
];

export const PRINT_SECTIONS: PrintSection[] = list.map((section, index) => ({
  id: index + 1,
  ...section,
}));

export const PRINT_SECTION_VALUES = PRINT_SECTIONS.map((section) => section.value);

const labels = new Map(PRINT_SECTIONS.map((section) => [section.value, section.label]));

/** The heading of a section, for change-log entries and the contents list. */
export function sectionLabel(value: string) {
  return labels.get(value) ?? value;
}

/** Children of a parent section, for the nested print list. */
export function childSections(parent: string) {
  return PRINT_SECTIONS.filter((section) => section.parent === parent);
}

/**
 * Which print sections to show, from a list of chosen values: a parent is shown when
 * any child is chosen, and choosing a parent alone means all its children.
 */
export function resolvePrintSelection(chosen: readonly string[]) {
  const set = new Set(chosen.filter((value) => labels.has(value)));
  for (const section of PRINT_SECTIONS) {
    if (section.parent && set.has(section.value)) set.add(section.parent);
  }
  for (const section of PRINT_SECTIONS) {
    if (
      section.isParent &&
      set.has(section.value) &&
      !childSections(section.value).some((c) => set.has(c.value))
    ) {
      for (const child of childSections(section.value)) set.add(child.value);
    }
  }
  return set;
}

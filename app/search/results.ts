/** What a search returns, as the pages receive it (client-safe: types only). */
export interface SearchHit {
  hssId: string;
  title: string;
  /** The title with matched words between MARK_START and MARK_END. */
  titleHighlight: string;
  snippet: string;
  recordStatus: string;
  lastUpdated: string;
  substanceName: string;
  companies: string[];
  indication: string;
  /** The summary's opening words (with "…" where cut): the card's line when no passage matched. */
  summaryOpening: string;
  euStatus: string;
  fdaStatus: string | null;
}

export interface FacetValue {
  value: string;
  count: number;
  selected: boolean;
}

export interface FacetGroup {
  filterId: string;
  label: string;
  values: FacetValue[];
  /** How many distinct values the matched records hold (more than shown: a "more" link). */
  distinctValues: number;
}

import { EU_STATUSES, FDA_STATUSES, PRICE_TIERS, TRIAL_PHASES } from "~/records/vocabulary";
import type { FacetGroup } from "./results";

/**
 * The facets whose values have an order of their own (a scale or a process), in that order:
 * the controlled values of the record model (app/records/vocabulary.ts). A reader looks for
 * "Phase III" after "Phase II", not wherever its count puts it. Every other facet (company,
 * therapeutic area, ATC code…) is a set of names, listed most records first.
 *
 * The engine chooses which values a facet shows by their counts (app/search/facets.ts, checked
 * against the reference in tests); this only orders what it chose, for the page: the filter
 * panel and the charts above the results.
 */
export const NATURAL_ORDER: Readonly<Record<string, readonly string[]>> = {
  priceTier: PRICE_TIERS,
  trialPhase: TRIAL_PHASES,
  euRegulatoryStatus: EU_STATUSES,
  fdaRegulatoryStatus: FDA_STATUSES,
};

/**
 * The facet with its values in their natural order where it has one; a value the vocabulary
 * does not know goes after the known ones, in the order it came (most records first).
 */
export function inNaturalOrder(facet: FacetGroup): FacetGroup {
  const order = NATURAL_ORDER[facet.filterId];
  if (!order) return facet;
  const rank = (value: string) => {
    const at = order.indexOf(value);
    return at === -1 ? order.length : at;
  };
  // Array.prototype.sort is stable: unknown values keep their count order among themselves.
  const values = [...facet.values].sort((a, b) => rank(a.value) - rank(b.value));
  return { ...facet, values };
}

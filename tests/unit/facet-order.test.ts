import { describe, expect, it } from "vitest";
import { EU_STATUSES, FDA_STATUSES, PRICE_TIERS, TRIAL_PHASES } from "~/records/vocabulary";
import { inNaturalOrder, NATURAL_ORDER } from "~/search/facet-order";
import { FILTERS_BY_ID } from "~/search/filters";
import type { FacetGroup } from "~/search/results";

/** A facet as the engine returns it: most records first. */
function facet(filterId: string, values: Array<[string, number]>): FacetGroup {
  return {
    filterId,
    label: filterId,
    distinctValues: values.length,
    values: values.map(([value, count]) => ({ value, count, selected: false })),
  };
}

const order = (group: FacetGroup) => inNaturalOrder(group).values.map((value) => value.value);

describe("facets in their natural order", () => {
  it("lists price tiers low to very high, whatever their counts", () => {
    const tiers = facet("priceTier", [
      ["Low", 123],
      ["Medium", 92],
      ["Very high", 90],
      ["High", 12],
    ]);
    expect(order(tiers)).toEqual(["Low", "Medium", "High", "Very high"]);
    // The counts go with their values.
    expect(inNaturalOrder(tiers).values.find((v) => v.value === "High")?.count).toBe(12);
  });

  it("lists trial phases I to IV", () => {
    const phases = facet("trialPhase", [
      ["Phase III", 306],
      ["Phase I/II", 206],
      ["Phase II/III", 206],
      ["Phase II", 180],
      ["Phase IV", 3],
      ["Phase I", 1],
    ]);
    expect(order(phases)).toEqual([
      "Phase I",
      "Phase I/II",
      "Phase II",
      "Phase II/III",
      "Phase III",
      "Phase IV",
    ]);
  });

  it("lists EU and FDA statuses in the order of the procedure, a value it does not know last", () => {
    const eu = facet("euRegulatoryStatus", [
      ["Pre-submission", 144],
      ["MAA submitted", 115],
      ["Something new", 110],
      ["CHMP positive opinion", 76],
      ["MAA under evaluation", 50],
      ["Authorised", 42],
      ["CHMP negative opinion", 6],
    ]);
    expect(order(eu)).toEqual([
      "Pre-submission",
      "MAA submitted",
      "MAA under evaluation",
      "CHMP positive opinion",
      "CHMP negative opinion",
      "Authorised",
      "Something new",
    ]);
    const fda = facet("fdaRegulatoryStatus", [
      ["Approved", 60],
      ["IND active", 50],
      ["Under standard review", 40],
      ["Pre-IND", 1],
    ]);
    expect(order(fda)).toEqual(["Pre-IND", "IND active", "Under standard review", "Approved"]);
  });

  it("keeps count order for facets that are names (company, ATC code), and does not change its input", () => {
    const company = facet("company", [
      ["Zeta Pharma", 15],
      ["Alpha Bio", 9],
    ]);
    expect(inNaturalOrder(company)).toBe(company);
    const tiers = facet("priceTier", [
      ["High", 5],
      ["Low", 1],
    ]);
    inNaturalOrder(tiers);
    expect(tiers.values.map((v) => v.value)).toEqual(["High", "Low"]);
  });

  it("orders real facets by the record model's own vocabularies", () => {
    expect(NATURAL_ORDER).toEqual({
      priceTier: PRICE_TIERS,
      trialPhase: TRIAL_PHASES,
      euRegulatoryStatus: EU_STATUSES,
      fdaRegulatoryStatus: FDA_STATUSES,
    });
    for (const filterId of Object.keys(NATURAL_ORDER))
      expect(FILTERS_BY_ID.get(filterId)?.facet, filterId).toBe(true);
  });
});

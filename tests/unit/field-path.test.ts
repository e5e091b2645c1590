import { describe, expect, it } from "vitest";
import { fieldPathPieces } from "~/lib/field-path";

describe("fieldPathPieces", () => {
  it("cuts a path after each dot and each closing bracket", () => {
    expect(fieldPathPieces("regulatoryInformation.ema.events[2].date")).toEqual([
      "regulatoryInformation.",
      "ema.",
      "events[2].",
      "date",
    ]);
    expect(fieldPathPieces("classificationAndCodes.ihsiCategory")).toEqual([
      "classificationAndCodes.",
      "ihsiCategory",
    ]);
    expect(fieldPathPieces("trials[].registry")).toEqual(["trials[].", "registry"]);
  });
  it("keeps a name whole and leaves a trailing dot or bracket on its piece", () => {
    expect(fieldPathPieces("status")).toEqual(["status"]);
    expect(fieldPathPieces("countries[]")).toEqual(["countries[]"]);
    expect(fieldPathPieces("a.")).toEqual(["a."]);
    expect(fieldPathPieces(".jsonl")).toEqual([".jsonl"]);
  });
  it("leaves text with spaces (not a path) in one piece", () => {
    expect(fieldPathPieces("estimatedCost { amount, currency }")).toEqual([
      "estimatedCost { amount, currency }",
    ]);
  });
});

import { createElement } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { RecordSections } from "~/components/record/RecordSections";
import { generateRecord } from "~/records/generate";
import { recordSchema } from "~/records/schema.server";

const render = (neverPublished: boolean) =>
  renderToStaticMarkup(
    createElement(RecordSections, {
      record: recordSchema.parse(generateRecord(1, { catalogueSize: 10 })),
      changeLog: [],
      publishedRelated: [],
      recordPath: (hssId: string) => `/record/${hssId}`,
      visible: new Set(["recordChangeLog"]),
      neverPublished,
    }),
  );

describe("an empty record change log", () => {
  it("says the log has not started for a record never published (its staged preview)", () => {
    const html = render(true);
    expect(html).toContain("No published version yet");
    expect(html).not.toContain("since this record was first published");
  });

  it("says nothing has changed since a published record was first published", () => {
    expect(render(false)).toContain("No changes since this record was first published.");
  });
});

import { describe, expect, it } from "vitest";
import { faqFormSchema } from "~/models/faqs.server";
import { hirTextSchema, topicFormSchema } from "~/models/hirs.server";

// A title or a question is typed in a growing textarea (TextField's `long`), where Enter makes a
// line break: the schemas fold breaks and runs of spaces into one space, and trim the ends.
describe("long one-line fields", () => {
  const typed = "  Gene therapy for\r\nspinal   muscular\n\tatrophy  ";
  const folded = "Gene therapy for spinal muscular atrophy";

  it("fold a FAQ question onto one line", () => {
    const shape = faqFormSchema.shape.question;
    expect(shape.parse(typed)).toBe(folded);
    expect(shape.safeParse(" \n ").success).toBe(false);
  });

  it("fold an HIR's title and an upcoming topic's title onto one line", () => {
    expect(hirTextSchema.shape.title.parse(typed)).toBe(folded);
    expect(topicFormSchema.shape.titleOfTopic.parse(typed)).toBe(folded);
  });
});

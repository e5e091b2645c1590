import { type AnyField as Field, MarkdownHint, TextareaField, TextField } from "~/components/forms";

/** What the FAQ form holds (conform's view of it). */
export type FaqShape = { category: string; question: string; answer: string; anchor: string };

/** The fields of an FAQ, for adding and for editing. */
export function FaqFields({
  fields,
  categories,
  editing,
}: {
  fields: { category: Field; question: Field; answer: Field; anchor: Field };
  categories: string[];
  editing?: boolean;
}) {
  return (
    <>
      <TextField
        field={fields.category}
        label="Category"
        required
        list="faq-categories"
        hint="Questions are grouped by category on the FAQ page. Choose one in use or type a new one."
      />
      <datalist id="faq-categories">
        {categories.map((category) => (
          <option key={category} value={category} />
        ))}
      </datalist>
      <TextField field={fields.question} label="Question" required long />
      <TextareaField
        field={fields.answer}
        label="Answer"
        required
        rows={10}
        hint={<MarkdownHint />}
      />
      <TextField
        field={fields.anchor}
        label="Anchor"
        hint={
          editing
            ? "The question's address on the FAQ page (/faq#anchor), unique among the questions. Links to the old anchor stop working if you change it; left empty, it stays as it is."
            : "The question's address on the FAQ page (/faq#anchor), unique among the questions: a letter, then letters, digits, hyphens or underscores. Left empty, one is made from the question."
        }
      />
    </>
  );
}

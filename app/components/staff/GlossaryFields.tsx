import {
  type AnyField as Field,
  MarkdownHint,
  SelectField,
  TextareaField,
  TextField,
} from "~/components/forms";
import { PRINT_SECTIONS, sectionLabel } from "~/records/sections";

export type GlossaryShape = {
  recordSection: string;
  fieldName: string;
  fieldDescription: string;
  sourceOfData: string;
};

const SECTION_OPTIONS = PRINT_SECTIONS.map((section) => ({
  value: section.value,
  label: section.parent ? `${sectionLabel(section.parent)}: ${section.label}` : section.label,
}));

/** The fields of a glossary entry; the section is chosen from the record page's sections. */
export function GlossaryFields({
  fields,
}: {
  fields: {
    recordSection: Field;
    fieldName: Field;
    fieldDescription: Field;
    sourceOfData: Field;
  };
}) {
  return (
    <>
      <SelectField
        field={fields.recordSection}
        label="Record section"
        required
        placeholder="Choose a section"
        options={SECTION_OPTIONS}
        hint="The section of the record page that shows the field."
      />
      <TextField
        field={fields.fieldName}
        label="Field name"
        required
        hint="As the record page labels it, for example Drug class: the label then links here."
      />
      <TextareaField
        field={fields.fieldDescription}
        label="What the field means"
        required
        rows={6}
        hint={<MarkdownHint />}
      />
      <TextareaField
        field={fields.sourceOfData}
        label="Where the data comes from"
        required
        rows={4}
        hint="Markdown, as in the box above."
      />
    </>
  );
}

import {
  type AnyField as Field,
  CheckboxField,
  CheckboxGroupField,
  TextField,
} from "~/components/forms";
import { IHSI_CATEGORIES } from "~/records/vocabulary";

/** What the HIR topic form holds (conform's view of it). */
export type TopicShape = {
  titleOfTopic: string;
  ihsiCategories: string[];
  publicationDate: string;
  hssId: string;
  archived: string;
};

/**
 * The fields of an upcoming HIR topic, for adding and for editing. Archived is an editing
 * field: a topic is added to be shown, so Add does not ask.
 */
export function TopicFields({
  fields,
  editing = false,
}: {
  editing?: boolean;
  fields: {
    titleOfTopic: Field;
    ihsiCategories: Field;
    publicationDate: Field;
    hssId: Field;
    archived: Field;
  };
}) {
  return (
    <>
      <TextField field={fields.titleOfTopic} label="Title of the topic" required long />
      <TextField
        field={fields.hssId}
        label="HSS ID of the record"
        required
        hint="The record the report will be about, for example HSS-000123. The topic links to it."
      />
      <CheckboxGroupField
        field={fields.ihsiCategories}
        legend="IHSI categories"
        options={IHSI_CATEGORIES}
        hint="Tick every category the report will cover: at least one."
      />
      <TextField
        field={fields.publicationDate}
        label="Expected publication date"
        type="date"
        hint="The day the report is expected. Leave it empty while it is not known."
      />
      {editing ? (
        <CheckboxField
          field={fields.archived}
          label="Archived"
          hint="An archived topic is kept here but not shown to members."
        />
      ) : null}
    </>
  );
}

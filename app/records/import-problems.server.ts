import type { z } from "zod";
import { recordSchema } from "./schema.server";

/**
 * The import report's words for what is wrong with a field. Every problem reads as the end of a
 * sentence that starts with the field's name ("title must not be empty", "trials[0] must be an
 * object with trialId, registry, title, phase, …"), the same way whatever the check: the
 * schema's own messages are written so, and zod's default words ("Invalid input: expected
 * object, received number") never reach a reader.
 */
export function importProblem(issue: z.core.$ZodRawIssue): string | undefined {
  if (issue.input === undefined) return "is required";
  switch (issue.code) {
    case "invalid_type":
      return `must be ${kindOf(issue.expected, issue.path ?? [])}${issue.input === null ? ", not null" : ""}`;
    case "invalid_value":
      return issue.values.length === 1
        ? `must be ${quote(issue.values[0])}`
        : `must be one of: ${issue.values.map(quote).join(", ")}`;
    case "too_small":
      return issue.origin === "array"
        ? `must have at least ${issue.minimum} item(s)`
        : issue.origin === "string"
          ? `must be at least ${issue.minimum} character(s)`
          : `must be ${issue.inclusive === false ? "more than" : "at least"} ${issue.minimum}`;
    case "too_big":
      return issue.origin === "array"
        ? `must have at most ${issue.maximum} items`
        : issue.origin === "string"
          ? `must be at most ${issue.maximum} characters`
          : `must be ${issue.inclusive === false ? "less than" : "at most"} ${issue.maximum}`;
    case "invalid_format":
      return issue.format === "url"
        ? "must be an http or https address"
        : `must be written as a valid ${issue.format}`;
    case "not_multiple_of":
      return `must be a multiple of ${issue.divisor}`;
    case "unrecognized_keys":
      return `has unknown field(s): ${issue.keys.join(", ")}`;
    case "invalid_union":
      return "does not match any of the shapes this field may take";
    default:
      // The schema's own messages (its custom checks) are already in these words.
      return undefined;
  }
}

const quote = (value: unknown) => (typeof value === "string" ? `"${value}"` : String(value));

/** "an object with hssId, title, recordStatus, …", "a list", "a whole number", … */
function kindOf(expected: string, path: PropertyKey[]): string {
  switch (expected) {
    case "object": {
      const fields = fieldsAt(path);
      if (!fields?.length) return "an object";
      const shown = fields.slice(0, 4).join(", ");
      return `an object with ${shown}${fields.length > 4 ? ", …" : ""}`;
    }
    case "array":
      return "a list (in square brackets)";
    case "string":
      return "text (in double quotes)";
    case "number":
      return "a number";
    case "int":
      return "a whole number";
    case "boolean":
      return "true or false";
    default:
      return `of the type ${expected}`;
  }
}

/** What is read of a zod schema's internals (`_zod.def`): its kind and what it wraps or holds. */
interface SchemaNode {
  _zod: {
    def: {
      type: string;
      innerType?: SchemaNode;
      element?: SchemaNode;
      shape?: Record<string, SchemaNode>;
    };
  };
}

/** The field names of the object the schema expects at `path`, or undefined. */
function fieldsAt(path: PropertyKey[]): string[] | undefined {
  // zod's public types do not name `_zod.def`; only the parts of SchemaNode are read.
  let node = recordSchema as unknown as SchemaNode;
  const unwrap = () => {
    while (node._zod.def.innerType) node = node._zod.def.innerType;
  };
  for (const step of path) {
    unwrap();
    const { def } = node._zod;
    if (typeof step === "number" && def.element) node = def.element;
    else if (typeof step === "string" && def.shape && step in def.shape) node = def.shape[step];
    else return undefined;
  }
  unwrap();
  return node._zod.def.shape ? Object.keys(node._zod.def.shape) : undefined;
}

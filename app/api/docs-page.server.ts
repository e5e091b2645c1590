// The API documentation page's content: every call with its parameters, body fields, who may
// make it, its failures and a curl example, generated from the same operations and schemas the
// API answers with, so the page cannot drift from the API.
import { API_ERRORS } from "~/api/errors.server";
import { describeAccess, generalErrors, openApiDocument, pagePattern } from "~/api/openapi.server";
import { OPERATIONS } from "~/api/operations.server";

type JsonSchema = {
  type?: unknown;
  enum?: unknown[];
  const?: unknown;
  description?: string;
  anyOf?: JsonSchema[];
  oneOf?: JsonSchema[];
  items?: JsonSchema;
  $ref?: string;
};

/** A field's type in a few words: "string", "integer | null", "array of SearchHit". */
function typeOf(schema: JsonSchema | undefined): string {
  if (!schema) return "any";
  if (schema.$ref) return schema.$ref.split("/").pop() ?? "object";
  const choices = schema.anyOf ?? schema.oneOf;
  if (choices) return [...new Set(choices.map(typeOf))].join(" | ");
  if (schema.const !== undefined) return JSON.stringify(schema.const);
  if (Array.isArray(schema.enum))
    return schema.enum.map((value) => JSON.stringify(value)).join(" | ");
  if (Array.isArray(schema.type)) return schema.type.join(" | ");
  if (schema.type === "array") return `array of ${typeOf(schema.items)}`;
  return typeof schema.type === "string" ? schema.type : "any";
}

/**
 * Public, as /api/openapi.json is: every call with its parameters, who may make it, and an
 * example, generated from the same operations (and schemas) the routes answer with.
 */
export function apiDocsPage() {
  const document = openApiDocument();
  const calls = OPERATIONS.map((operation) => {
    const described = document.paths[`/api${operation.path}`][operation.method.toLowerCase()] as {
      parameters?: Array<{ name: string; in: string; required: boolean; schema: JsonSchema }>;
      requestBody?: {
        content: Record<
          string,
          {
            schema: { properties?: Record<string, JsonSchema>; required?: string[]; $ref?: string };
          }
        >;
      };
    };
    const bodyType = described.requestBody ? Object.keys(described.requestBody.content)[0] : null;
    let bodySchema = bodyType ? described.requestBody?.content[bodyType].schema : undefined;
    if (bodySchema?.$ref)
      bodySchema = (document.components.schemas as Record<string, typeof bodySchema>)[
        bodySchema.$ref.split("/").pop() ?? ""
      ];
    const example = operation.example ?? {};
    const query = example.query ? `?${new URLSearchParams(example.query)}` : "";
    const curl = [
      `curl${operation.method === "POST" ? " -X POST" : ""} "$BASE/api${operation.path}${query}"`,
      ...(operation.access === "none" ? [] : ['-H "Authorization: Bearer $TOKEN"']),
      ...(example.body !== undefined && bodyType === "application/json"
        ? ['-H "Content-Type: application/json"', `-d '${JSON.stringify(example.body)}'`]
        : []),
      ...(bodyType === "multipart/form-data"
        ? ["-F Title=… -F Description=… -F File=@report.pdf"]
        : []),
    ].join(" \\\n  ");
    return {
      id: operation.id,
      method: operation.method,
      path: `/api${operation.path}`,
      group: operation.group,
      summary: operation.summary,
      access: describeAccess(operation.access),
      page: operation.page ? pagePattern(operation.page) : null,
      parameters: (described.parameters ?? [])
        .filter((parameter) => parameter.in === "query")
        .map((parameter) => ({
          name: parameter.name,
          type: typeOf(parameter.schema),
          required: parameter.required,
          description: parameter.schema.description ?? "",
        })),
      bodyType,
      bodyFields: Object.entries(bodySchema?.properties ?? {}).map(([name, field]) => ({
        name,
        type: typeOf(field),
        required: (bodySchema?.required ?? []).includes(name),
        description: field.description ?? "",
      })),
      errors: [...new Set([...generalErrors(operation), ...(operation.errors ?? [])])],
      curl,
    };
  });
  const groups = [...new Set(calls.map((call) => call.group))];
  const catalogue = Object.entries(API_ERRORS).map(([code, entry]) => ({
    code,
    status: entry.status,
    message: entry.message,
    when: entry.when,
  }));
  return { calls, groups, catalogue };
}

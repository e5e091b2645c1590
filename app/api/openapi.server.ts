/**
 * /api/openapi.json: an OpenAPI 3.1 document generated from the operations' zod schemas
 * (z.toJSONSchema, JSON Schema 2020-12, which is OpenAPI 3.1's dialect). There is no second,
 * hand-written copy: a call's schema here is the schema its route parses with.
 */
import { z } from "zod";
import { API_ERRORS, type ApiErrorCode } from "~/api/errors.server";
import { IDEMPOTENCY_HEADER, IDEMPOTENCY_HOURS, REPLAYED_HEADER } from "~/api/idempotency.server";
import { type Access, type AnyOperation, takesIdempotencyKey } from "~/api/operation.server";
import { OPERATIONS } from "~/api/operations.server";
import { env } from "~/lib/env.server";
import { PERMISSIONS } from "~/lib/roles";

type JsonSchema = Record<string, unknown>;

/** Who may make the call, in words (the docs page and the document's x-access). */
export function describeAccess(access: Access) {
  if (access === "none") return "Anyone, no token";
  if (access === "user") return "Any signed-in user";
  return `Users with the role ${PERMISSIONS[access].join(" or ")}`;
}

/** A page path as the docs show it: its parameters as {name}. */
export const pagePattern = (page: string) => page.replace(/\$(\w+)/g, "{$1}");

/** The errors every call of this access may answer, before its own. */
export function generalErrors(operation: AnyOperation): ApiErrorCode[] {
  const codes: ApiErrorCode[] = [];
  if (operation.query || operation.body) codes.push("VALIDATION_FAILED");
  if (operation.access !== "none") codes.push("TOKEN_NOT_FOUND", "TOKEN_EXPIRED");
  if (operation.access !== "none" && operation.access !== "user") codes.push("FORBIDDEN");
  if (takesIdempotencyKey(operation))
    codes.push("IDEMPOTENCY_KEY_IN_USE", "IDEMPOTENCY_KEY_REUSED");
  codes.push("INTERNAL_ERROR", "TIMEOUT");
  return codes;
}

/**
 * Converts zod schemas, moving named ones (.meta({ id })) into components.schemas. A schema
 * can differ as a request (defaults make fields optional) and as a response (they are always
 * there): each is kept per direction, and `finish` names them, the request's with an "Input"
 * suffix only where the two differ.
 */
class SchemaWriter {
  private readonly named = { input: new Map<string, string>(), output: new Map<string, string>() };

  write(schema: z.ZodType, io: "input" | "output"): JsonSchema {
    const converted = z.toJSONSchema(schema, {
      target: "draft-2020-12",
      io,
      unrepresentable: "any",
    }) as JsonSchema;
    markRequired(converted);
    const { $schema: _dialect, $defs, ...rest } = converted;
    for (const [name, definition] of Object.entries(($defs ?? {}) as Record<string, JsonSchema>))
      this.named[io].set(name, this.relink(definition, io));
    // A top-level named schema comes back with its id; refer to it as a component.
    if (typeof rest.id === "string") {
      const { id, ...body } = rest;
      this.named[io].set(id as string, this.relink(body, io));
      return { $ref: `#/components/schemas/${placeholder(io, id as string)}` };
    }
    return JSON.parse(this.relink(rest, io)) as JsonSchema;
  }

  private relink(schema: JsonSchema, io: "input" | "output") {
    return JSON.stringify(schema).replace(
      /"#\/\$defs\/([^"]+)"/g,
      (_match, name: string) => `"#/components/schemas/${placeholder(io, name)}"`,
    );
  }

  /** The components, and the document with every placeholder replaced by its final name. */
  finish<T>(document: T): { document: T; components: Record<string, JsonSchema> } {
    const names = new Map<string, string>();
    for (const io of ["output", "input"] as const)
      for (const [id, text] of this.named[io]) {
        const other = this.named[io === "input" ? "output" : "input"].get(id);
        const differs =
          other !== undefined &&
          other.replaceAll("@input@", "@output@") !== text.replaceAll("@input@", "@output@");
        names.set(placeholder(io, id), io === "input" && differs ? `${id}Input` : id);
      }
    const rename = (text: string) =>
      text.replace(/@(input|output)@[A-Za-z0-9_]+/g, (token) => names.get(token) ?? token);
    const components: Record<string, JsonSchema> = {};
    for (const io of ["output", "input"] as const)
      for (const [id, text] of this.named[io])
        components[required(names.get(placeholder(io, id)), id)] = JSON.parse(
          rename(text),
        ) as JsonSchema;
    return { document: JSON.parse(rename(JSON.stringify(document))) as T, components };
  }
}

/**
 * Some bodies leave fields optional in the schema so that the form's checks answer with the
 * form's messages, yet a call without them fails. Such an object names them with
 * .meta({ "x-required": [...] }); the document lists them in `required` like any other.
 */
function markRequired(node: unknown): void {
  if (Array.isArray(node)) {
    for (const item of node) markRequired(item);
    return;
  }
  if (!node || typeof node !== "object") return;
  const schema = node as JsonSchema;
  const extra = schema["x-required"];
  if (Array.isArray(extra)) {
    delete schema["x-required"];
    const own = Array.isArray(schema.required) ? (schema.required as string[]) : [];
    const properties = Object.keys((schema.properties ?? {}) as JsonSchema);
    schema.required = properties.filter((name) => own.includes(name) || extra.includes(name));
  }
  for (const value of Object.values(schema)) markRequired(value);
}

const placeholder = (io: "input" | "output", id: string) => `@${io}@${id}`;

function required<T>(value: T | undefined, what: string): T {
  if (value === undefined) throw new Error(`No name for the schema ${what}`);
  return value;
}

function errorResponses(codes: ApiErrorCode[]) {
  const byStatus = new Map<number, ApiErrorCode[]>();
  for (const code of new Set(codes)) {
    const status = API_ERRORS[code].status;
    byStatus.set(status, [...(byStatus.get(status) ?? []), code]);
  }
  return Object.fromEntries(
    [...byStatus].map(([status, list]) => [
      String(status),
      {
        description: list.map((code) => `${code}: ${API_ERRORS[code].when}`).join(" "),
        content: { "application/json": { schema: { $ref: "#/components/schemas/ApiError" } } },
      },
    ]),
  );
}

function queryParameters(writer: SchemaWriter, schema: z.ZodType) {
  const json = writer.write(schema, "input");
  const properties = (json.properties ?? {}) as Record<string, JsonSchema>;
  const required = new Set((json.required ?? []) as string[]);
  return Object.entries(properties).map(([name, property]) => ({
    name,
    in: "query",
    required: required.has(name),
    ...(typeof property.description === "string" ? { description: property.description } : {}),
    schema: property,
  }));
}

/** The header a change may carry so that a retry does not make it twice (idempotency.server.ts). */
const IDEMPOTENCY_PARAMETER = {
  name: IDEMPOTENCY_HEADER,
  in: "header",
  required: false,
  description: `Any 1 to 255 printable ASCII characters, new for each change (a UUID). A retry with the same key and request within ${IDEMPOTENCY_HOURS} hours gets the first call's answer, with ${REPLAYED_HEADER}: true, and changes nothing again.`,
  schema: { type: "string", minLength: 1, maxLength: 255 },
};

export function openApiDocument(operations: readonly AnyOperation[] = OPERATIONS) {
  const writer = new SchemaWriter();
  const paths: Record<string, Record<string, unknown>> = {};
  for (const operation of operations) {
    const path = `/api${operation.path}`;
    paths[path] ??= {};
    const response = operation.response;
    const success =
      "file" in response
        ? {
            description: "The file.",
            content: Object.fromEntries(
              response.file.map((type) => [type, { schema: { type: "string", format: "binary" } }]),
            ),
          }
        : {
            description: "Done.",
            content: {
              "application/json": { schema: writer.write(response as z.ZodType, "output") },
            },
          };
    paths[path][operation.method.toLowerCase()] = {
      operationId: operation.id,
      summary: operation.summary,
      tags: [operation.group],
      security: operation.access === "none" ? [] : [{ bearerToken: [] }],
      "x-access": describeAccess(operation.access),
      ...(operation.page ? { "x-page": pagePattern(operation.page) } : {}),
      ...(operation.query || takesIdempotencyKey(operation)
        ? {
            parameters: [
              ...(operation.query ? queryParameters(writer, operation.query) : []),
              ...(takesIdempotencyKey(operation) ? [IDEMPOTENCY_PARAMETER] : []),
            ],
          }
        : {}),
      ...(operation.body
        ? {
            requestBody: {
              required: true,
              content: {
                [operation.bodyType === "multipart" ? "multipart/form-data" : "application/json"]: {
                  schema: writer.write(operation.body, "input"),
                  ...(operation.example?.body !== undefined
                    ? { example: operation.example.body }
                    : {}),
                },
              },
            },
          }
        : {}),
      responses: {
        [String(operation.status ?? 200)]: success,
        ...errorResponses([...generalErrors(operation), ...(operation.errors ?? [])]),
      },
    };
  }
  const draft = {
    openapi: "3.1.0",
    info: {
      title: "Horizon Scanning Database API",
      version: env().APP_VERSION,
      description:
        "Every call the website's pages make, as JSON under /api, with bearer tokens from POST /api/auth/signin. A call is allowed exactly when the page doing the same thing is. Failures answer { responseCode, message } from the catalogue in components.schemas.ApiError.",
    },
    servers: [{ url: "/" }],
    tags: [...new Set(operations.map((operation) => operation.group))].map((name) => ({ name })),
    paths,
    components: {
      securitySchemes: {
        bearerToken: {
          type: "http",
          scheme: "bearer",
          description: "The token from POST /api/auth/signin, as `Authorization: Bearer {token}`.",
        },
      },
      schemas: {
        ApiError: {
          type: "object",
          required: ["responseCode", "message"],
          properties: {
            responseCode: { type: "string", enum: Object.keys(API_ERRORS) },
            message: { type: "string" },
            errors: {
              type: "object",
              description:
                "VALIDATION_FAILED: the messages per field, as query.Name or body.field.path.",
              additionalProperties: { type: "array", items: { type: "string" } },
            },
            requestId: {
              type: "string",
              description: "INTERNAL_ERROR: quote it when you contact us.",
            },
            detail: { type: "string", description: "More about the failure, in words." },
          },
        },
      },
    },
  };
  const { document, components } = writer.finish(draft);
  Object.assign(document.components.schemas, components);
  return document;
}

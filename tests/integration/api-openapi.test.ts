import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { Validator } from "@seriousme/openapi-schema-validator";
import { describe, expect, it } from "vitest";
import { OPERATIONS } from "~/api/operations.server";
import { loader as openApiLoader } from "~/routes/api.openapi[.]json";
import { health, liveness } from "~/api/operations/health.server";
import { apiRouteFiles, callApi, expectValid } from "./support/api";

// Route files under /api that are not calls: the unknown-path answer, the document, its page.
const NOT_CALLS = new Set(["/api/*", "/api/openapi.json", "/api/docs"]);

type Document = { openapi: string; paths: Record<string, Record<string, { operationId: string }>> };

async function loadDocument(): Promise<Document> {
  const response = openApiLoader();
  expect(response.status).toBe(200);
  expect(response.headers.get("Content-Type")).toContain("application/json");
  return (await response.json()) as Document;
}

describe("/api/openapi.json", () => {
  it("is a valid OpenAPI 3.1 document", async () => {
    const document = await loadDocument();
    expect(document.openapi).toBe("3.1.0");
    const validator = new Validator();
    const result = await validator.validate(
      document as unknown as Parameters<Validator["validate"]>[0],
    );
    expect(result.errors ?? []).toEqual([]);
    expect(result.valid).toBe(true);
    expect(validator.version).toBe("3.1");
  });

  it("names every call a route file serves, with its methods, and no call without a route", async () => {
    const document = await loadDocument();
    const routes = apiRouteFiles().filter((route) => !NOT_CALLS.has(route.path));
    const routePaths = routes.map((route) => route.path.toLowerCase()).sort();
    const documentPaths = Object.keys(document.paths)
      .map((path) => path.toLowerCase())
      .sort();
    // A route file without a schema in the document, or a documented call without a route.
    expect(routePaths).toEqual(documentPaths);
    // Each path answers exactly the methods the document gives it (405 for the others).
    for (const route of routes) {
      const documented = Object.keys(
        document.paths[
          Object.keys(document.paths).find(
            (path) => path.toLowerCase() === route.path.toLowerCase(),
          ) ?? ""
        ],
      );
      for (const method of ["GET", "POST"] as const) {
        const answer = await callApi(method, route.path.slice(4));
        const served = answer.status !== 405;
        expect(served, `${method} ${route.path}`).toBe(documented.includes(method.toLowerCase()));
      }
    }
    // And the document is the operations list: one entry each, none twice.
    const ids = Object.values(document.paths).flatMap((methods) =>
      Object.values(methods).map((operation) => operation.operationId),
    );
    expect(ids.sort()).toEqual(OPERATIONS.map((operation) => operation.id).sort());
  });

  it("has a contract test calling each of its operations by method and path", async () => {
    const folder = path.resolve(__dirname);
    const sources = readdirSync(folder)
      .filter((file) => /^api-.*\.test\.ts$/.test(file))
      .map((file) => readFileSync(path.join(folder, file), "utf8"))
      .join("\n");
    const uncalled = OPERATIONS.filter((operation) => {
      const call = new RegExp(
        `callApi\\(\\s*"${operation.method}",\\s*[\`"]${operation.path.replaceAll("/", "\\/")}[\`"?]`,
        "i",
      );
      return !call.test(sources);
    }).map((operation) => `${operation.method} ${operation.path}`);
    expect(uncalled).toEqual([]);
  });

  it("answers the health calls without a token", async () => {
    const ready = await callApi("GET", "/health");
    expect([200, 503]).toContain(ready.status);
    expectValid({ ...ready, status: 200 }, health.response);
    expectValid(await callApi("GET", "/health/live"), liveness.response);
  });
});

import { openApiDocument } from "~/api/openapi.server";

// Public: the document describes the calls, and holds no data. Built once per process.
let document: string | undefined;

export function loader() {
  document ??= JSON.stringify(openApiDocument());
  return new Response(document, {
    headers: { "Content-Type": "application/json; charset=utf-8", "Cache-Control": "no-cache" },
  });
}

import path from "node:path";
import { pathToFileURL } from "node:url";
import { type ServerBuild, createRequestHandler } from "@remix-run/node";
import { describe, expect, it } from "vitest";
import { decodeSingleFetch } from "../route-result";

/**
 * A navigation or form sent with JavaScript on asks for `/path.data`; when a loader fails
 * there, the error page must still give the request's reference to quote (and say whether the
 * database was away). Remix sanitises the error's message in production, so entry.server's
 * handleDataRequest puts the reference back in. Checked on the production build, with the
 * root loader made to fail, and decoded as the browser decodes it.
 */
const build: ServerBuild = await import(pathToFileURL(path.resolve("build/server/index.js")).href);

function failingBuild(error: Error): ServerBuild {
  const root = build.routes.root;
  const loader = () => {
    throw error;
  };
  return {
    ...build,
    routes: { ...build.routes, root: { ...root, module: { ...root.module, loader } } },
  };
}

async function failedDataRequest(error: Error, requestId: string) {
  const handle = createRequestHandler(failingBuild(error), "production");
  const response = await handle(new Request("http://localhost/about.data"), {
    requestId,
    clientAddress: "127.0.0.1",
  });
  const routes = (await decodeSingleFetch(response.body as ReadableStream<Uint8Array>)) as Record<
    string,
    { error?: unknown }
  >;
  return { response, error: routes.root?.error };
}

describe("a failed data request", () => {
  it("carries the request's reference in the error the browser gets", async () => {
    const { response, error } = await failedDataRequest(
      new Error("a fault with private details"),
      "0123456789abcdef",
    );
    expect(response.status).toBe(500);
    expect(response.headers.get("x-frame-options")).toBe("DENY");
    expect(error).toBeInstanceOf(Error);
    expect((error as Error).message).toBe("Unexpected Server Error [ref 0123456789abcdef]");
  });

  it("says the database was unreachable, with a 503 and a time to wait", async () => {
    const { response, error } = await failedDataRequest(
      new Error("Connection terminated unexpectedly"),
      "fedcba9876543210",
    );
    expect(response.status).toBe(503);
    expect(response.headers.get("retry-after")).toBe("5");
    expect((error as Error).message).toBe(
      "Unexpected Server Error [ref fedcba9876543210 unavailable]",
    );
  });
});

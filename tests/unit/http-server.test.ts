import { describe, expect, it } from "vitest";
import { loadEnv } from "~/lib/env.server";
import { createHttpServer, httpServerOptions } from "~/server/http-server";

describe("the HTTP server's time limits", () => {
  it("end late headers at 10 s and a late request, body included, at 30 s by default", () => {
    const config = loadEnv({});
    expect(httpServerOptions(config)).toEqual({
      headersTimeout: 10_000,
      requestTimeout: 30_000,
      connectionsCheckingInterval: 1000,
    });
    // As the server is made (app/server/main.ts makes it with this function).
    const server = createHttpServer(config, () => {});
    expect(server.headersTimeout).toBe(10_000);
    expect(server.requestTimeout).toBe(30_000);
  });

  it("take other limits from the environment, checked more often when shorter", () => {
    const config = loadEnv({ HEADERS_LIMIT_SECONDS: "0.4", REQUEST_LIMIT_SECONDS: "2" });
    expect(httpServerOptions(config)).toEqual({
      headersTimeout: 400,
      requestTimeout: 2000,
      connectionsCheckingInterval: 100,
    });
    // The whole request is never given less time than its headers.
    const inverted = loadEnv({ HEADERS_LIMIT_SECONDS: "20", REQUEST_LIMIT_SECONDS: "5" });
    expect(httpServerOptions(inverted).requestTimeout).toBe(20_000);
    expect(() => loadEnv({ HEADERS_LIMIT_SECONDS: "0" })).toThrow(/HEADERS_LIMIT_SECONDS/);
  });
});

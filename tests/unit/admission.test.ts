import type { AddressInfo } from "node:net";
import express from "express";
import { afterEach, describe, expect, it } from "vitest";
import { currentRequest, runInRequest } from "~/lib/request-context.server";
import { admission } from "~/server/admission";

const servers: Array<{ close: () => void }> = [];
afterEach(() => {
  for (const server of servers.splice(0)) server.close();
});

/** A server that lets `limit` requests in at a time; each is held until released by the test. */
async function heldServer(limit: number) {
  const app = express();
  let id = 0;
  const arrived: string[] = [];
  app.use((req, _res, next) => {
    arrived.push(req.path);
    runInRequest({ id: `request-${++id}` }, next);
  });
  app.use(admission(limit));
  const started: string[] = [];
  const holds = new Map<string, () => void>();
  let active = 0;
  let mostActive = 0;
  app.get("/:name", (req, res) => {
    active += 1;
    mostActive = Math.max(mostActive, active);
    started.push(`${req.params.name} in ${currentRequest()?.id}`);
    holds.set(req.params.name, () => {
      active -= 1;
      res.send(req.params.name);
    });
  });
  const server = app.listen(0);
  servers.push(server);
  await new Promise((resolve) => server.once("listening", resolve));
  const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return { base, started, holds, arrived, mostActive: () => mostActive };
}

const until = async (check: () => boolean) => {
  for (let i = 0; i < 200 && !check(); i++) await new Promise((r) => setTimeout(r, 10));
  expect(check()).toBe(true);
};

describe("admission", () => {
  it("works on at most `limit` requests, starts the others in order, each in its own context", async () => {
    const server = await heldServer(2);
    const answers: Promise<string>[] = [];
    for (const name of ["a", "b", "c", "d"]) {
      answers.push(fetch(`${server.base}/${name}`).then((r) => r.text()));
      // One after another, so that the order of arrival is known.
      await until(() => server.arrived.length === answers.length);
    }
    expect(server.holds.size).toBe(2);
    for (const name of ["a", "b", "c", "d"]) {
      await until(() => server.holds.has(name));
      server.holds.get(name)?.();
    }
    expect(await Promise.all(answers)).toEqual(["a", "b", "c", "d"]);
    expect(server.mostActive()).toBe(2);
    // Each ran in the context of its own request, not that of the one that made room for it.
    expect(server.started).toEqual([
      "a in request-1",
      "b in request-2",
      "c in request-3",
      "d in request-4",
    ]);
  });

  it("forgets a waiting request whose client has gone", async () => {
    const server = await heldServer(1);
    const first = fetch(`${server.base}/first`).then((r) => r.text());
    await until(() => server.holds.has("first"));
    const gone = new AbortController();
    const abandoned = fetch(`${server.base}/gone`, { signal: gone.signal }).catch(() => "aborted");
    await until(() => server.arrived.length === 2);
    gone.abort();
    expect(await abandoned).toBe("aborted");
    await new Promise((r) => setTimeout(r, 50));
    const next = fetch(`${server.base}/next`).then((r) => r.text());
    server.holds.get("first")?.();
    await until(() => server.holds.has("next"));
    server.holds.get("next")?.();
    expect([await first, await next]).toEqual(["first", "next"]);
    expect(server.started).toEqual(["first in request-1", "next in request-3"]);
  });
});

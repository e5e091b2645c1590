import { execFileSync } from "node:child_process";
import { mkdtempSync, readFileSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { generateRecord } from "~/records/generate";
import { type RunningServer, startServer, stopServer } from "./harness";

/**
 * The search index is written to the data folder once built, and a restart reads it back
 * instead of building it, but only while it matches the database
 * (docs/decisions/032-search-index-snapshot.md).
 */
const started: RunningServer[] = [];
afterAll(async () => {
  for (const server of started) await stopServer(server);
});

async function start(dataDir?: string) {
  const server = await startServer({ dataDir, demoRecords: 60 });
  started.push(server);
  return server;
}

async function logged(server: RunningServer, pattern: RegExp) {
  for (let waited = 0; waited < 30_000; waited += 50) {
    const line = server.lines.find((each) => pattern.test(each.msg));
    if (line) return line.msg;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  throw new Error(`the server never logged ${pattern}`);
}

/** What a member's search lists: the count and the first page's record links. */
async function searchFor(server: RunningServer, cookie: string, q: string) {
  const response = await fetch(`${server.base}/search?q=${q}`, { headers: { Cookie: cookie } });
  const html = await response.text();
  expect(response.status).toBe(200);
  const count =
    /([\d,]+)<\/strong> results?/.exec(html)?.[1] ?? /([\d,]+) results?/.exec(html)?.[1];
  const links = [...html.matchAll(/href="(\/record\/[^"]+)"/g)].map((m) => m[1]);
  return { count, links };
}

const FILE = "search-index.snapshot";

describe("the search index's snapshot", () => {
  it("is read back at a restart while it matches the database, and refused when it does not", async () => {
    const first = await start();
    await logged(first, /index snapshot written: \d+ records/);
    const cookie = await first.signIn("member@example.org");
    let expected = await searchFor(first, cookie, "cancer");
    expect(Number(expected.count)).toBeGreaterThan(0);
    await stopServer(first);

    // The same data folder: the index comes from the file, and answers the same.
    const second = await start(first.dataDir);
    expect(await logged(second, /index of \d+ records (read from its snapshot|built)/)).toMatch(
      /read from its snapshot/,
    );
    expect(await searchFor(second, await second.signIn("member@example.org"), "cancer")).toEqual(
      expected,
    );
    await stopServer(second);

    // A record published while the server was stopped (by the import command): the snapshot is
    // behind the catalogue, so it is read back and the change applied before any search.
    const changed = { ...generateRecord(0, { catalogueSize: 60 }), title: "Zorquavine for tests" };
    const file = path.join(mkdtempSync(path.join(os.tmpdir(), "hsd-snapshot-")), "one.jsonl");
    writeFileSync(file, `${JSON.stringify(changed)}\n`);
    execFileSync(process.execPath, ["--import", "tsx", "app/cli/import-records.ts", file], {
      env: { ...process.env, DATA_DIR: first.dataDir, DATABASE_URL: "" },
      stdio: "pipe",
    });
    const behind = await start(first.dataDir);
    expect(await logged(behind, /index of \d+ records (read from its snapshot|built)/)).toMatch(
      /read from its snapshot.*1 records changed since/,
    );
    const member = await behind.signIn("member@example.org");
    expect((await searchFor(behind, member, "zorquavine")).count).toBe("1");
    // What the later starts must answer: the catalogue with that change.
    expected = await searchFor(behind, member, "cancer");
    await stopServer(behind);

    // A snapshot whose records are not the database's (one version id changed, as after a
    // database restored from elsewhere with the same catalogue version) is not used.
    const snapshot = path.join(first.dataDir, FILE);
    const bytes = readFileSync(snapshot);
    const headerLength = bytes.readUInt32LE(8);
    const header = JSON.parse(bytes.subarray(12, 12 + headerLength).toString());
    // The second record's (the first was changed above, and is the refresh's to apply).
    const versionAt = 12 + headerLength + header.records * 4 + 4;
    bytes.writeInt32LE(bytes.readInt32LE(versionAt) + 1, versionAt);
    writeFileSync(snapshot, bytes);
    const third = await start(first.dataDir);
    expect(await logged(third, /index snapshot not used/)).toMatch(
      /its records are not the database's published records/,
    );
    expect(await searchFor(third, await third.signIn("member@example.org"), "cancer")).toEqual(
      expected,
    );
    // It builds the index and writes a good snapshot again.
    await logged(third, /index snapshot written/);
    await stopServer(third);

    // One written by another build of the app is not used either.
    const good = readFileSync(snapshot);
    const otherBuild = Buffer.from(good);
    const at = otherBuild.indexOf('"code":"') + 8;
    otherBuild.write(otherBuild[at] === 0x30 ? "1" : "0", at);
    writeFileSync(snapshot, otherBuild);
    const fourth = await start(first.dataDir);
    expect(await logged(fourth, /index snapshot not used/)).toMatch(
      /written by another version of the app/,
    );
    await stopServer(fourth);
  }, 180_000);

  it("is built by one thread and read by the other, and written again at a clean stop after a publish", async () => {
    const server = await start();
    await logged(server, /index snapshot written: \d+ records/);
    const editor = await server.signIn("editor@example.org");
    const member = await server.signIn("member@example.org");
    expect(await searchFor(server, member, "cancer")).toBeTruthy();
    // Two app threads: one wrote the snapshot, the other read it instead of building its own.
    const messages = () => server.lines.map((line) => line.msg);
    expect(messages().filter((msg) => /index snapshot written/.test(msg))).toHaveLength(1);
    expect(messages().filter((msg) => /read from its snapshot/.test(msg))).toHaveLength(1);

    // A record published through the records page while the server runs.
    const record = { ...generateRecord(1, { catalogueSize: 60 }), title: "Quelvoxin for tests" };
    const form = new FormData();
    form.set("mode", "publish");
    form.set("file", new Blob([`${JSON.stringify(record)}\n`]), "one.jsonl");
    const upload = await fetch(`${server.base}/dashboard/records`, {
      method: "POST",
      body: form,
      redirect: "manual",
      headers: { Cookie: editor, Origin: server.base },
    });
    expect(upload.status).toBe(303);
    const report = `${server.base}${upload.headers.get("location")}`;
    // Apply is refused until the check has finished: asked for until the record is found.
    let found = "0";
    for (let waited = 0; found !== "1" && waited < 60_000; waited += 250) {
      await fetch(report, {
        method: "POST",
        redirect: "manual",
        headers: {
          Cookie: editor,
          Origin: server.base,
          "Content-Type": "application/x-www-form-urlencoded",
        },
        body: new URLSearchParams({ intent: "apply" }),
      });
      await new Promise((resolve) => setTimeout(resolve, 250));
      found = (await searchFor(server, member, "quelvoxin")).count ?? "0";
    }
    expect(found).toBe("1");
    const expected = await searchFor(server, member, "cancer");

    const before = server.lines.length;
    await stopServer(server);
    const atStop = server.lines.slice(before).map((line) => line.msg);
    // Written at the stop (by the thread holding the claim; the other writes only if the index
    // it holds is newer than the file by then).
    expect(atStop.filter((msg) => /index snapshot written/.test(msg)).length).toBeGreaterThan(0);

    // The next start reads that snapshot, with nothing left to apply.
    const again = await start(server.dataDir);
    expect(await logged(again, /index of \d+ records (read from its snapshot|built)/)).toMatch(
      /read from its snapshot in [\d.]+ s$/,
    );
    const memberAgain = await again.signIn("member@example.org");
    expect((await searchFor(again, memberAgain, "quelvoxin")).count).toBe("1");
    expect(await searchFor(again, memberAgain, "cancer")).toEqual(expected);
  }, 180_000);
});

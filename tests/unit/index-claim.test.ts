import { mkdtempSync, readdirSync, utimesSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { resetEnvForTesting } from "~/lib/env.server";
import { claimIndexWork, waitForIndexWork } from "~/models/search-snapshot.server";

/**
 * The claim on building the search index: of the threads (or processes) sharing a data folder,
 * one builds and writes while the others wait and read what it wrote; a claim left by a thread
 * that died does not hold the others for ever.
 */
let dataDir = "";
const before = process.env.DATA_DIR;
beforeAll(() => {
  dataDir = mkdtempSync(path.join(os.tmpdir(), "hsd-claim-"));
  process.env.DATA_DIR = dataDir;
  resetEnvForTesting();
});
afterAll(() => {
  process.env.DATA_DIR = before;
  resetEnvForTesting();
});

const claimPath = () => path.join(dataDir, "search-index.claim");

describe("the claim on building the index", () => {
  it("is held by one at a time, and free again once let go", async () => {
    const first = await claimIndexWork();
    expect(first).not.toBeNull();
    expect(await claimIndexWork()).toBeNull();
    let waited = false;
    const waiting = waitForIndexWork().then(() => {
      waited = true;
    });
    await new Promise((resolve) => setTimeout(resolve, 500));
    expect(waited).toBe(false);
    await first?.release();
    await waiting;
    expect(readdirSync(dataDir)).not.toContain("search-index.claim");
    const second = await claimIndexWork();
    expect(second).not.toBeNull();
    await second?.release();
  });

  it("is taken over from a process that has ended", async () => {
    // A pid no process has: far above Linux's limit.
    writeFileSync(claimPath(), JSON.stringify({ pid: 2 ** 30, thread: 1, at: Date.now() }));
    await waitForIndexWork();
    const claim = await claimIndexWork();
    expect(claim).not.toBeNull();
    await claim?.release();
  });

  it("is taken over once its holder has not touched it for 30 s", async () => {
    // This process's own pid, so only the age tells that it was left behind.
    writeFileSync(claimPath(), JSON.stringify({ pid: process.pid, thread: 9, at: Date.now() }));
    expect(await claimIndexWork()).toBeNull();
    const old = new Date(Date.now() - 31_000);
    utimesSync(claimPath(), old, old);
    const claim = await claimIndexWork();
    expect(claim).not.toBeNull();
    await claim?.release();
  });
});

import { lstatSync, mkdtempSync, rmSync } from "node:fs";
import net from "node:net";
import os from "node:os";
import path from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { claimDataFolder, controlSocketPath } from "~/server/control";

// The control socket takes backup requests: only the data folder's owner may connect, from
// the moment the socket file exists (the first check runs before the event loop turns, that
// is before any callback of listen could have changed it).

const folders: string[] = [];
afterEach(() => {
  for (const folder of folders.splice(0)) rmSync(folder, { recursive: true, force: true });
});

function newFolder() {
  const folder = mkdtempSync(path.join(os.tmpdir(), "hsd-control-"));
  folders.push(folder);
  return folder;
}

const modeOf = (file: string) => lstatSync(file).mode & 0o777;

describe("the control socket", () => {
  it("is owner-only as soon as it is created, under a umask that lets others in", () => {
    const dataDir = newFolder();
    const umask = process.umask(0o022);
    try {
      const claim = claimDataFolder(dataDir, false);
      const socket = controlSocketPath(dataDir);
      expect(lstatSync(socket).isSocket()).toBe(true);
      expect(modeOf(socket) & 0o077).toBe(0);
      claim?.release();
    } finally {
      // The process's own umask is as it was.
      expect(process.umask(umask)).toBe(0o022);
    }
  });

  it("stays so once listening, and answers its owner", async () => {
    const dataDir = newFolder();
    const umask = process.umask(0o022);
    let claim: ReturnType<typeof claimDataFolder> = null;
    try {
      claim = claimDataFolder(dataDir, false);
    } finally {
      process.umask(umask);
    }
    const socket = controlSocketPath(dataDir);
    const reply = await new Promise<string>((resolve, reject) => {
      const connection = net.connect(socket, () => connection.end('{"command":"nothing"}\n'));
      let text = "";
      connection.setEncoding("utf8");
      connection.on("data", (chunk: string) => {
        text += chunk;
      });
      connection.on("end", () => resolve(text));
      connection.on("error", reject);
    });
    expect(JSON.parse(reply)).toEqual({ ok: false, error: "Unknown command." });
    expect(modeOf(socket) & 0o077).toBe(0);
    claim?.release();
  });
});

import { describe, expect, it } from "vitest";
import { startRefused } from "./harness";

// Bad configuration stops the built server before it opens anything, with one fatal log line
// that says why, and exit code 1.

describe("a production server's configuration", { timeout: 90_000 }, () => {
  it("refuses a SESSION_SECRET shorter than 32 characters, saying why and not what it was", async () => {
    const secret = "thirty-one-characters-of-secret";
    expect(secret).toHaveLength(31);
    const refused = await startRefused({ env: { SESSION_SECRET: secret } });
    expect(refused.code).toBe(1);
    expect(refused.lines).toContainEqual(
      expect.objectContaining({
        level: "fatal",
        msg: expect.stringMatching(
          /^refusing to start: SESSION_SECRET must be at least 32 characters in production/,
        ),
      }),
    );
    expect(JSON.stringify(refused.lines)).not.toContain(secret);
  });

  it("refuses to start without SESSION_SECRET", async () => {
    const refused = await startRefused({ env: { SESSION_SECRET: "" } });
    expect(refused.code).toBe(1);
    expect(refused.lines).toContainEqual(
      expect.objectContaining({
        level: "fatal",
        msg: "refusing to start: SESSION_SECRET must be set in production.",
      }),
    );
  });
});

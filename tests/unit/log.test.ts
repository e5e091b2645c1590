import { describe, expect, it } from "vitest";
import { serializeError } from "~/lib/log.server";

describe("logged errors", () => {
  it("keep a failed query's text but not its parameters, over any number of lines", () => {
    const error = new Error(
      `Failed query: insert into contact_messages (email, message) values ($1, $2)\nparams: someone@example.org,Dear team,\nmy password is hunter2\nthanks`,
    );
    Object.assign(error, { params: ["someone@example.org", "Dear team,\nmy password is hunter2"] });
    const logged = serializeError(error);
    expect(logged.message).toBe(
      "Failed query: insert into contact_messages (email, message) values ($1, $2)\nparams: (not logged)",
    );
    expect(logged.stack).toMatch(/^Error: Failed query: .*\nparams: \(not logged\)\n {4}at /);
    expect(JSON.stringify(logged)).not.toMatch(/hunter2|someone@example\.org/);
  });

  it("drop an address a URL error carries (a DATABASE_URL has a password) and scrub causes", () => {
    let urlError: unknown;
    try {
      new URL("postgres://hsd:s3cret@db:5432/hsd and more");
    } catch (caught) {
      urlError = caught;
    }
    const wrapper = new Error("could not connect\nparams: s3cret", { cause: urlError });
    const logged = JSON.stringify(serializeError(wrapper));
    expect(logged).not.toContain("s3cret");
    expect(logged).toContain("could not connect");
  });
});

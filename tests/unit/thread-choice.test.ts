import { describe, expect, it } from "vitest";
import { threadFor } from "~/server/threads";

const thread = (name: string, warm: boolean, busy: number, ready = true) => ({
  name,
  ready,
  warm,
  inFlight: { size: busy },
});

describe("which app thread a request goes to", () => {
  it("is the least busy of the threads whose search index is in", () => {
    const threads = [
      thread("reading", false, 0),
      thread("warm", true, 3),
      thread("warmer", true, 1),
    ];
    expect(threadFor(threads).name).toBe("warmer");
  });

  it("is a warm thread even when one still reading its index has nothing to do", () => {
    expect(threadFor([thread("reading", false, 0), thread("warm", true, 5)]).name).toBe("warm");
  });

  it("is the least busy of all while none is warm", () => {
    expect(threadFor([thread("a", false, 2), thread("b", false, 1)]).name).toBe("b");
  });

  it("is one that has loaded the app while none is warm, not one waiting for its turn", () => {
    const threads = [thread("loaded", false, 4), thread("waiting", false, 0, false)];
    expect(threadFor(threads).name).toBe("loaded");
    expect(threadFor([...threads, thread("warm", true, 9)]).name).toBe("warm");
  });
});

import { describe, expect, it } from "vitest";
import { type Batch, bodyBatches } from "~/server/body-batches";

const bytes = (text: string) => new TextEncoder().encode(text);
const text = (batch: Batch) => new TextDecoder().decode(batch.bytes);

async function all(body: ReadableStream<Uint8Array>, limit?: number) {
  const batches: Batch[] = [];
  for await (const batch of bodyBatches(body, limit)) batches.push(batch);
  return batches;
}

describe("an answer's body in batches", () => {
  it("sends what is written in one go as one batch, with the end", async () => {
    const body = new ReadableStream<Uint8Array>({
      start(controller) {
        for (const part of ["<html>", "<body>", "hello", "</body>", "</html>"])
          controller.enqueue(bytes(part));
        controller.close();
      },
    });
    const batches = await all(body);
    expect(batches).toHaveLength(1);
    expect(batches[0].done).toBe(true);
    expect(text(batches[0])).toBe("<html><body>hello</body></html>");
  });

  it("sends each part of a stream that waits between its parts when it is made", async () => {
    const made: string[] = [];
    const seen: string[] = [];
    let release: () => void = () => {};
    const body = new ReadableStream<Uint8Array>({
      async start(controller) {
        controller.enqueue(bytes("event: one\n\n"));
        made.push("one");
        // The second part waits until the first has been handed on: a batcher that held
        // the first back for more would wait for ever.
        await new Promise<void>((resolve) => (release = resolve));
        controller.enqueue(bytes("event: two\n\n"));
        made.push("two");
        controller.close();
      },
    });
    const batches: Batch[] = [];
    for await (const batch of bodyBatches(body)) {
      batches.push(batch);
      seen.push(`${text(batch) || "(end)"} after ${made.join(",")}`);
      release();
    }
    // The end came with the second part, so it goes with it.
    expect(seen).toEqual(["event: one\n\n after one", "event: two\n\n after one,two"]);
    expect(batches.map((batch) => batch.done)).toEqual([false, true]);
  });

  it("does not hold more than its limit", async () => {
    const part = new Uint8Array(40_000).fill(65);
    const body = new ReadableStream<Uint8Array>({
      start(controller) {
        for (let i = 0; i < 3; i++) controller.enqueue(part);
        controller.close();
      },
    });
    const batches = await all(body, 64 * 1024);
    expect(batches.map((batch) => batch.bytes?.byteLength)).toEqual([80_000, 40_000]);
    expect(batches.map((batch) => batch.done)).toEqual([false, true]);
  });

  it("gives each batch a buffer of its own, so that it can be transferred", async () => {
    const shared = new Uint8Array(16).fill(66);
    const body = new ReadableStream<Uint8Array>({
      start(controller) {
        controller.enqueue(shared.subarray(0, 4));
        controller.close();
      },
    });
    const [batch] = await all(body);
    expect(batch.bytes?.buffer).not.toBe(shared.buffer);
    expect(batch.bytes?.buffer.byteLength).toBe(4);
  });

  it("ends an empty body with one empty batch", async () => {
    const body = new ReadableStream<Uint8Array>({
      start(controller) {
        controller.close();
      },
    });
    expect(await all(body)).toEqual([{ bytes: undefined, done: true }]);
  });

  it("stops the body being made when the reader leaves early", async () => {
    let cancelled = false;
    let n = 0;
    const body = new ReadableStream<Uint8Array>({
      async pull(controller) {
        await new Promise((resolve) => setTimeout(resolve, 1));
        controller.enqueue(bytes(`part ${n++}`));
      },
      cancel() {
        cancelled = true;
      },
    });
    for await (const batch of bodyBatches(body)) {
      expect(batch.done).toBe(false);
      break;
    }
    expect(cancelled).toBe(true);
  });
});

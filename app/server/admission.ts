import { AsyncResource } from "node:async_hooks";
import type { NextFunction, Request, Response } from "express";

/**
 * At most `limit` requests are worked on at a time; the others wait their turn, first come
 * first served. Node accepts one new connection per turn of its event loop, and a turn does
 * a step of every request in progress: with 200 requests in progress a turn took 0.3 s, so
 * a client that had just connected waited a minute to be accepted while the first ones were
 * answered again and again. A bounded number in progress keeps the turns short and the
 * order fair.
 */
export function admission(limit: number) {
  let active = 0;
  const waiting: Array<() => void> = [];
  const release = () => {
    const next = waiting.shift();
    if (next) next();
    else active -= 1;
  };
  return (_req: Request, res: Response, next: NextFunction) => {
    let state: "waiting" | "working" | "done" = "waiting";
    // Whichever comes first: the answer is sent, or the client goes away (while waiting too).
    res.once("close", () => {
      if (state === "working") release();
      else if (state === "waiting") {
        const at = waiting.indexOf(start);
        if (at >= 0) waiting.splice(at, 1);
      }
      state = "done";
    });
    // Started later by another request's release: it runs in its own request's context.
    const start = AsyncResource.bind(() => {
      state = "working";
      next();
    });
    if (active < limit) {
      active += 1;
      start();
    } else {
      waiting.push(start);
    }
  };
}

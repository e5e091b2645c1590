import { randomBytes } from "node:crypto";
import { readdirSync } from "node:fs";
import {
  type AppLoadContext,
  type ServerBuild,
  createRequestHandler,
  writeReadableStreamToWritable,
} from "@remix-run/node";
import compression from "compression";
import express, { type NextFunction, type Request, type Response } from "express";
import { env } from "~/lib/env.server";
import { log } from "~/lib/log.server";
import { type RequestContext, runInRequest } from "~/lib/request-context.server";
import "~/lib/load-context";
import { requestLimitFor } from "~/lib/body.server";
import { cacheControl } from "./cache-control";
import { admission } from "./admission";
import { crossSiteRefusal } from "./cross-site";
import { hasBody, readBody, requestHeaders, requestUrl } from "./request-body";

/** Where a refused cross-site request is answered: a page in the shell, status 403. */
export const CROSS_SITE_PATH = "/crosssite";

interface AppOptions {
  /** Development: Vite's middleware, which serves the browser modules as they change. */
  vite?: { middlewares: (req: Request, res: Response, next: NextFunction) => void };
  /** What answers a request once it has passed the checks: Remix, here or in an app thread. */
  handle: (req: Request, res: Response, next: NextFunction) => void;
  /** Whether the process is stopping: responses then close their connection. */
  stopping: () => boolean;
}

/**
 * The HTTP server's request handling, in order: a request id and its log line, compression,
 * the static files, the cross-site check, a turn among the requests in progress, then Remix.
 */
export function createApp({ vite, handle, stopping }: AppOptions) {
  const app = express();
  app.disable("x-powered-by");
  // Behind TRUST_PROXY proxies, req.ip, req.protocol and req.hostname come from their
  // X-Forwarded-* headers, that many hops back: the address is the one the nearest trusted
  // proxy saw, not one a client wrote. Without, the address is the socket's.
  const hops = env().TRUST_PROXY;
  app.set("trust proxy", hops > 0 ? hops : false);

  app.use((req: Request, res: Response, next: NextFunction) => {
    const context: RequestContext = {
      id: randomBytes(8).toString("hex"),
      clientAddress: clientAddressOf(req),
    };
    const started = process.hrtime.bigint();
    // As asked: the cross-site check may answer with another page.
    const { method, path } = req;
    res.setHeader("X-Request-Id", context.id);
    // On every answer, not only pages: a download, an API answer, a static file or an error
    // is never sniffed by the browser into something that runs (a script, a stylesheet).
    res.setHeader("X-Content-Type-Options", "nosniff");
    if (stopping()) res.setHeader("Connection", "close");
    res.on("close", () => {
      const ms = Number(process.hrtime.bigint() - started) / 1e6;
      const line = {
        reqId: context.id,
        method,
        path,
        status: res.statusCode,
        ms: Math.round(ms * 10) / 10,
        userId: context.userId,
        // The client went away before the whole answer was sent.
        aborted: res.writableFinished ? undefined : true,
      };
      // 503 is the service saying "not now" (starting, database away), not a fault.
      if (res.statusCode >= 500 && res.statusCode !== 503) log.error(line, "request");
      else if (res.statusCode === 503) log.warn(line, "request");
      else log.info(line, "request");
    });
    runInRequest(context, next);
  });

  // Over HTTPS (PUBLIC_URL's, or the request's), browsers are told to use nothing else, on
  // every answer including redirects and assets.
  const httpsSite = env().PUBLIC_URL.startsWith("https://");
  app.use((req: Request, res: Response, next: NextFunction) => {
    if (httpsSite || req.protocol === "https" || req.get("x-forwarded-proto") === "https") {
      res.setHeader("Strict-Transport-Security", "max-age=31536000; includeSubDomains");
    }
    next();
  });
  app.use(compression());
  // No request may send more than the largest upload; an app thread is handed whole bodies.
  app.use((req: Request, res: Response, next: NextFunction) => {
    if (Number(req.get("content-length")) > requestLimitFor(req.path)) return tooLarge(res);
    next();
  });
  // An address with a broken %-escape cannot be matched to a route (Remix would throw): the
  // client's mistake, answered here.
  app.use((req: Request, res: Response, next: NextFunction) => {
    try {
      decodeURIComponent(req.path);
    } catch {
      log.warn({ path: req.path }, "a request with a malformed address");
      return badAddress(res);
    }
    next();
  });
  if (vite) app.use(vite.middlewares);
  else {
    // Only the build's fingerprinted files are immutable; the copies of public/ beside them
    // (the favicon) may change under the same name.
    app.use("/assets", express.static("build/client/assets", { immutable: true, maxAge: "1y" }));
    app.use(topLevelFiles("build/client", { maxAge: "1h" }));
  }
  app.use(cacheControl);

  // The check runs before Remix's own (which throws, and so answered 500), for page actions
  // and resource routes alike. A refused request becomes a GET of the refusal page at the
  // same address: its body is never read, and no action runs.
  app.use((req: Request, res: Response, next: NextFunction) => {
    const refusal = crossSiteRefusal(req.method, (name) => req.get(name));
    if (refusal) {
      log.warn(
        { method: req.method, path: req.path, origin: req.get("origin"), reason: refusal },
        "refused a request sent from another site",
      );
      res.locals.crossSite = refusal;
      req.method = "GET";
      req.url = CROSS_SITE_PATH;
      req.originalUrl = CROSS_SITE_PATH;
    } else {
      // Checked, and passed: Remix's own check, stricter about ports ("app:443" is not "app"
      // to it), would throw on a request this one has let through.
      delete req.headers.origin;
    }
    next();
  });

  // The body is read whole before the request takes a turn: a client sending it slowly waits
  // outside, holding no turn, until it has come or the server's time limit ends it
  // (http-server.ts). Each body is at most its path's limit (requestLimitFor).
  app.use((req: Request, res: Response, next: NextFunction) => {
    if (!hasBody(req.method)) return next();
    readBody(req).then(
      (body) => {
        if (body === null) return tooLarge(res);
        res.locals.body = body;
        next();
      },
      (error: unknown) => {
        // The client went away, or was ended for being late (answered 408 by Node itself).
        if (req.destroyed || res.writableEnded || req.socket.destroyed) {
          log.info({ path: req.path }, "the body did not arrive: the connection closed");
          return;
        }
        next(error);
      },
    );
  });

  app.use(admission(env().MAX_ACTIVE_REQUESTS));

  app.all("*", handle);

  // Nothing should reach here (Remix answers its own errors): the last resort is a plain 500
  // that still names the request.
  app.use((error: unknown, req: Request, res: Response, _next: NextFunction) => {
    // A request Remix cannot even read (a malformed Host header): the client's mistake.
    const malformed = (error as { code?: string })?.code === "ERR_INVALID_URL";
    if (malformed) log.warn({ path: req.path }, "a request with a malformed address");
    else log.error({ err: error, path: req.path }, "unhandled error");
    if (res.headersSent) return res.end();
    if (malformed) return badAddress(res);
    res
      .status(500)
      .type("text/plain")
      .send(`Sorry, there is a problem with the service. ${quoteReference(res)}\n`);
  });
  return app;
}

const quoteReference = (res: Response) =>
  `Quote reference ${res.getHeader("X-Request-Id")} when you contact us.`;

/** 413, and the connection closed: the rest of the body is not read. */
export function tooLarge(res: Response) {
  res.setHeader("Connection", "close");
  res
    .status(413)
    .type("text/plain")
    .send(`What was sent is larger than this service accepts. ${quoteReference(res)}\n`);
}

function badAddress(res: Response) {
  res
    .status(400)
    .type("text/plain")
    .send(`Bad request: the address could not be read. ${quoteReference(res)}\n`);
}

/**
 * Remix in this thread: the build, or in development a function that asks Vite for its
 * current one on each request. As Remix's Express adapter does, except that the body is the
 * one already read (app.ts), not the connection's stream.
 */
export function remixHandler(
  build: ServerBuild | (() => Promise<ServerBuild>),
  mode: "development" | "production",
) {
  const getLoadContext = (req: Request, res: Response): AppLoadContext => ({
    requestId: String(res.getHeader("X-Request-Id")),
    crossSite: res.locals.crossSite,
    clientAddress: clientAddressOf(req),
  });
  const handle = createRequestHandler(build, mode);
  return async (req: Request, res: Response, next: NextFunction) => {
    try {
      // The loaders and actions are told to stop once no answer can be sent.
      const controller = new AbortController();
      res.on("close", () => {
        if (!res.writableFinished) controller.abort();
      });
      const request = new Request(requestUrl(req), {
        method: req.method,
        headers: requestHeaders(req),
        body: hasBody(req.method) ? (res.locals.body as Uint8Array<ArrayBuffer>) : undefined,
        signal: controller.signal,
      });
      const response = await handle(request, getLoadContext(req, res));
      res.statusMessage = response.statusText;
      res.status(response.status);
      for (const [name, value] of response.headers) res.append(name, value);
      if (/text\/event-stream/i.test(response.headers.get("Content-Type") ?? ""))
        res.flushHeaders();
      if (response.body) await writeReadableStreamToWritable(response.body, res);
      else res.end();
    } catch (error) {
      next(error);
    }
  };
}

/** The client's address (req.ip: the socket's, or a trusted proxy's), IPv4 without its IPv6 dress. */
export function clientAddressOf(req: Request) {
  return req.ip?.replace(/^::ffff:(?=\d+\.\d+\.\d+\.\d+$)/, "");
}

/**
 * The files at the top of `folder` (the copies of public/), served as express.static would, but
 * looked up in a list read once at start instead of on disk: every page's address would
 * otherwise cost a failed file lookup before it reached Remix. A file added after the start is
 * served from the next start, as the build's own files are.
 */
function topLevelFiles(folder: string, options: Parameters<typeof express.static>[1]) {
  const serve = express.static(folder, options);
  const names = new Set(
    readdirSync(folder, { withFileTypes: true })
      .filter((entry) => entry.isFile())
      .map((entry) => `/${entry.name}`),
  );
  return (req: Request, res: Response, next: NextFunction) => {
    if (names.has(req.path)) serve(req, res, next);
    else next();
  };
}

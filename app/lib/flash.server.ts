import { createCookie, redirect } from "@remix-run/node";
import { z } from "zod";
import { env } from "~/lib/env.server";
import { isHttps } from "~/lib/https.server";

/** A one-time message for the next page, shown in the alert bar. */
const flashSchema = z.object({
  severity: z.enum(["error", "warning", "info", "success"]),
  message: z.string().max(500),
});
export type Flash = z.infer<typeof flashSchema>;

let cookie: ReturnType<typeof createCookie> | undefined;

function flashCookie() {
  cookie ??= createCookie("hsd_flash", {
    httpOnly: true,
    sameSite: "lax",
    path: "/",
    maxAge: 60,
    secrets: [env().SESSION_SECRET],
  });
  return cookie;
}

export function setFlash(request: Request, flash: Flash) {
  return flashCookie().serialize(flash, { secure: isHttps(request) });
}

/**
 * The redirect that ends a form post (POST-redirect-GET: 303 See Other), or sends a page on
 * elsewhere: the next page shows `flash` once. `to` is the app's own address; one that comes
 * from the request goes through safeRedirect first. `headers` may carry other cookies.
 */
export async function redirectWithFlash(
  request: Request,
  to: string,
  flash: Flash,
  init: { headers?: HeadersInit } = {},
) {
  const headers = new Headers(init.headers);
  headers.append("Set-Cookie", await setFlash(request, flash));
  return redirect(to, { status: 303, headers });
}

/** The pending message, if any, and the Set-Cookie header that consumes it. */
export async function takeFlash(
  request: Request,
): Promise<{ flash: Flash | null; header: string | null }> {
  const parsed = flashSchema.safeParse(await flashCookie().parse(request.headers.get("Cookie")));
  if (!parsed.success) return { flash: null, header: null };
  return {
    flash: parsed.data,
    header: await flashCookie().serialize("", {
      secure: isHttps(request),
      maxAge: 0,
      expires: new Date(0),
    }),
  };
}

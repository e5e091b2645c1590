import { describe, expect, it } from "vitest";
import { safeRedirect } from "~/lib/safe-redirect.server";
import { OFF_SITE, ON_SITE } from "../redirects/payloads";

describe("safeRedirect", () => {
  it.each(OFF_SITE)("refuses %s", (_name, payload) => {
    expect(safeRedirect(payload)).toBe("/");
    expect(safeRedirect(payload, "/dashboard/notifications")).toBe("/dashboard/notifications");
  });

  it.each(ON_SITE)("keeps %s", (payload, kept) => {
    expect(safeRedirect(payload)).toBe(kept);
  });

  it("refuses what is not a string", () => {
    expect(safeRedirect(null)).toBe("/");
    expect(safeRedirect(undefined)).toBe("/");
    expect(safeRedirect(new File(["/search"], "x.txt"))).toBe("/");
  });

  it("never answers an address a browser would take off the site", () => {
    const site = "https://site.example";
    for (const [, payload] of [...OFF_SITE, ...ON_SITE]) {
      const kept = safeRedirect(payload);
      // As a browser reads a Location: tabs and newlines dropped, backslashes as slashes.
      const asBrowser = kept.replace(/[\t\n\r]/g, "").replace(/\\/g, "/");
      expect(new URL(asBrowser, site).origin).toBe(site);
    }
  });
});

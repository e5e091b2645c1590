import { describe, expect, it } from "vitest";
import { formatDate, formatDatesIn, isoDate } from "~/lib/dates";
import { loadEnv } from "~/lib/env.server";
import { hashPassword, verifyPassword } from "~/lib/password.server";
import { hasAnyRole, showsAdminLabel } from "~/lib/roles";
import { headerVariant } from "~/components/SiteHeader";

describe("passwords", () => {
  it("hashes with scrypt and a random salt, and verifies", async () => {
    const one = await hashPassword("horizon-demo");
    const two = await hashPassword("horizon-demo");
    expect(one).toMatch(/^scrypt\$32768\$8\$1\$/);
    expect(one).not.toBe(two);
    expect(await verifyPassword("horizon-demo", one)).toBe(true);
    expect(await verifyPassword("horizon-demo ", one)).toBe(false);
    expect(await verifyPassword("anything", null)).toBe(false);
  });
});

describe("roles", () => {
  it("grants access when the user holds any allowed role, case-insensitively", () => {
    expect(hasAnyRole(["editor"], ["admin", "editor"])).toBe(true);
    expect(hasAnyRole(["editor"], "ADMIN")).toBe(false);
    expect(hasAnyRole([], "admin")).toBe(false);
  });

  it("shows the ADMIN label for any role containing 'admin'", () => {
    expect(showsAdminLabel(["reportadmin"])).toBe(true);
    expect(showsAdminLabel(["editor", "websitealerts"])).toBe(false);
  });
});

describe("configuration", () => {
  it("refuses to start in production without SESSION_SECRET", () => {
    expect(() => loadEnv({ NODE_ENV: "production" })).toThrow(/SESSION_SECRET must be set/);
    const secret = "s".repeat(32);
    expect(loadEnv({ NODE_ENV: "production", SESSION_SECRET: secret }).SESSION_SECRET).toBe(secret);
  });

  it("refuses a SESSION_SECRET shorter than 32 characters in production, and only there", () => {
    for (const secret of ["s", "e2e-only-secret", "s".repeat(31)]) {
      expect(() => loadEnv({ NODE_ENV: "production", SESSION_SECRET: secret })).toThrow(
        /SESSION_SECRET must be at least 32 characters in production/,
      );
      expect(loadEnv({ NODE_ENV: "development", SESSION_SECRET: secret }).SESSION_SECRET).toBe(
        secret,
      );
    }
  });

  it("has the documented defaults", () => {
    const env = loadEnv({});
    expect(env).toMatchObject({
      PORT: 3000,
      DATA_DIR: "./data",
      APP_VERSION: "2.17.2",
      SESSION_IDLE_MINUTES: 480,
      SESSION_MAX_DAYS: 7,
    });
    expect(env.DATABASE_URL).toBeUndefined();
    expect(env.SMTP_URL).toBeUndefined();
  });

  it("names a bad value", () => {
    expect(() => loadEnv({ PORT: "eighty" })).toThrow(/PORT/);
  });
});

describe("header", () => {
  it("is dark on the signed-out home and the account-entry pages, special on the signed-in home", () => {
    expect(headerVariant("/", false)).toBe("dark");
    expect(headerVariant("/", true)).toBe("home");
    for (const path of [
      "/login",
      "/login/two-step",
      "/register",
      "/invite",
      "/resetpassword",
      "/checkemail",
      "/notallowed",
      "/changepassword",
      "/confirmemail",
    ]) {
      expect(headerVariant(path, true)).toBe("dark");
    }
    expect(headerVariant("/about", false)).toBe("default");
  });
});

describe("dates", () => {
  it("shows 'MMM Do YYYY' in UTC and sends YYYY-MM-DD", () => {
    expect(formatDate("2026-11-22T23:30:00-05:00")).toBe("Nov 23rd 2026");
    expect(isoDate("2026-01-02T00:00:00Z")).toBe("2026-01-02");
  });

  it("rewrites the days inside a stored text, and nothing that is not a day", () => {
    expect(formatDatesIn("Event: CHMP opinion, Date: 2025-01-26")).toBe(
      "Event: CHMP opinion, Date: Jan 26th 2025",
    );
    expect(formatDatesIn("2025-10-31")).toBe("Oct 31st 2025");
    // An EU trial number, a day that does not exist, a date with a time: left alone.
    expect(formatDatesIn("2023-574447-93-00")).toBe("2023-574447-93-00");
    expect(formatDatesIn("2025-02-30")).toBe("2025-02-30");
    expect(formatDatesIn("1234-2025-01-26")).toBe("1234-2025-01-26");
  });
});

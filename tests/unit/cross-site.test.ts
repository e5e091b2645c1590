import { describe, expect, it } from "vitest";
import { crossSiteRefusal } from "~/server/cross-site";

const headers = (values: Record<string, string>) => (name: string) => values[name.toLowerCase()];

describe("crossSiteRefusal", () => {
  it("never refuses a method that changes nothing", () => {
    for (const method of ["GET", "HEAD", "OPTIONS", "get"]) {
      expect(
        crossSiteRefusal(method, headers({ origin: "http://evil.example", host: "a" })),
      ).toBeNull();
    }
  });

  it("lets the site's own forms through, and clients that send no Origin", () => {
    expect(
      crossSiteRefusal(
        "POST",
        headers({ origin: "http://app.example:3000", host: "app.example:3000" }),
      ),
    ).toBeNull();
    expect(
      crossSiteRefusal("POST", headers({ origin: "https://APP.example", host: "app.example" })),
    ).toBeNull();
    expect(crossSiteRefusal("POST", headers({ host: "app.example" }))).toBeNull();
    expect(
      crossSiteRefusal("POST", headers({ "sec-fetch-site": "same-origin", host: "app.example" })),
    ).toBeNull();
    expect(
      crossSiteRefusal("POST", headers({ "sec-fetch-site": "none", host: "app.example" })),
    ).toBeNull();
  });

  it("takes the browser's Sec-Fetch-Site: same-origin as final, and a default port as written or not", () => {
    expect(
      crossSiteRefusal(
        "POST",
        headers({
          "sec-fetch-site": "same-origin",
          origin: "https://app.example",
          host: "10.0.0.5:3000",
        }),
      ),
    ).toBeNull();
    expect(
      crossSiteRefusal(
        "POST",
        headers({ origin: "https://app.example", "x-forwarded-host": "app.example:443" }),
      ),
    ).toBeNull();
    expect(
      crossSiteRefusal("POST", headers({ origin: "http://app.example", host: "app.example:80" })),
    ).toBeNull();
    expect(
      crossSiteRefusal("POST", headers({ origin: "http://app.example", host: "app.example:443" })),
    ).not.toBeNull();
  });

  it("compares with the first X-Forwarded-Host when a proxy sets one", () => {
    const proxied = {
      host: "127.0.0.1:3000",
      "x-forwarded-host": "horizon.example.org, inner.proxy",
    };
    expect(
      crossSiteRefusal("POST", headers({ ...proxied, origin: "https://horizon.example.org" })),
    ).toBeNull();
    expect(crossSiteRefusal("POST", headers({ ...proxied, origin: "http://127.0.0.1:3000" }))).toBe(
      "Origin http://127.0.0.1:3000 is not horizon.example.org",
    );
  });

  it("refuses another origin, an opaque one, a malformed one, and cross-site fetches", () => {
    expect(
      crossSiteRefusal("POST", headers({ origin: "http://evil.example", host: "app.example" })),
    ).toBe("Origin http://evil.example is not app.example");
    expect(
      crossSiteRefusal("DELETE", headers({ origin: "http://app.example:81", host: "app.example" })),
    ).not.toBeNull();
    expect(crossSiteRefusal("POST", headers({ origin: "null", host: "app.example" }))).toMatch(
      /is not an address/,
    );
    expect(crossSiteRefusal("POST", headers({ origin: "http://evil.example" }))).toBe(
      "no Host header to compare the Origin with",
    );
    expect(
      crossSiteRefusal("POST", headers({ "sec-fetch-site": "cross-site", host: "app.example" })),
    ).toBe("Sec-Fetch-Site is cross-site");
    expect(
      crossSiteRefusal("PUT", headers({ "sec-fetch-site": "same-site", host: "app.example" })),
    ).toBe("Sec-Fetch-Site is same-site");
  });
});

import { existsSync, readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { test } from "@playwright/test";
import { dataDirOf } from "../../playwright.config";

/** Bodies are quoted-printable: soft line breaks joined, =XX bytes decoded as UTF-8. */
function decodeQuotedPrintable(raw: string) {
  const text = raw.replace(/=\r?\n/g, "");
  const bytes: number[] = [];
  for (let i = 0; i < text.length; i++) {
    const hex = text.slice(i + 1, i + 3);
    if (text[i] === "=" && /^[0-9A-F]{2}$/.test(hex)) {
      bytes.push(parseInt(hex, 16));
      i += 2;
    } else {
      bytes.push(...Buffer.from(text[i]));
    }
  }
  return Buffer.from(bytes).toString("utf8");
}

/**
 * The emails a server has written (no SMTP: .eml files under its DATA_DIR/mail; by default
 * those of the server the running test's project talks to) that contain every part.
 */
export function emails(
  containing: string[],
  folder = path.join(dataDirOf(test.info().project.name), "mail"),
) {
  if (!existsSync(folder)) return [];
  return readdirSync(folder)
    .filter((name) => name.endsWith(".eml"))
    .sort()
    .map((name) => readFileSync(path.join(folder, name), "utf8"))
    .map(decodeQuotedPrintable)
    .filter((text) => containing.every((part) => text.includes(part)));
}

/** The first link in an email that goes to this path, as the site's own path and query. */
export function linkIn(email: string, pathname: string) {
  const match = email.match(new RegExp(`https?://[^\\s]+${pathname}\\?[^\\s]+`));
  if (!match) throw new Error(`No ${pathname} link in the email:\n${email}`);
  const url = new URL(match[0]);
  return `${url.pathname}${url.search}`;
}

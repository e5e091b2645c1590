// The browser tests drive Debian's Chromium (Playwright's own download cannot work on
// these machines). Install it when it is missing and we may; otherwise say how.
import { execSync } from "node:child_process";
import { existsSync } from "node:fs";

const path = process.env.CHROMIUM_PATH ?? "/usr/bin/chromium";
if (!existsSync(path)) {
  if (process.getuid?.() === 0) {
    console.log("Chromium is missing: installing Debian's chromium package (about 25 s)...");
    execSync(
      "apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq chromium",
      { stdio: "inherit" },
    );
  } else {
    console.error(
      `No Chromium at ${path}. Install it with: sudo apt-get install -y chromium (or set CHROMIUM_PATH).`,
    );
    process.exit(1);
  }
}

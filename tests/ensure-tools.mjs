// What the suite needs from Debian: Chromium for the browser tests (Playwright's own download
// cannot work on these machines), Java for the Nu HTML Checker, and PostgreSQL's server
// programs for the tests that restart a database under the app. Install what is missing when
// we may (as root); otherwise say how.
import { execSync } from "node:child_process";
import { existsSync, readdirSync } from "node:fs";

const missing = [];
const path = process.env.CHROMIUM_PATH ?? "/usr/bin/chromium";
if (!existsSync(path)) missing.push({ name: "Chromium", pkg: "chromium", why: `no ${path}` });
try {
  execSync("java -version", { stdio: "ignore" });
} catch {
  missing.push({ name: "Java", pkg: "default-jre-headless", why: "no java command" });
}
const postgres = existsSync("/usr/lib/postgresql")
  ? readdirSync("/usr/lib/postgresql").filter((version) =>
      existsSync(`/usr/lib/postgresql/${version}/bin/initdb`),
    )
  : [];
if (postgres.length === 0) {
  missing.push({
    name: "PostgreSQL",
    pkg: "postgresql",
    why: "no /usr/lib/postgresql/*/bin/initdb",
  });
}
if (missing.length > 0) {
  const packages = missing.map((each) => each.pkg).join(" ");
  if (process.getuid?.() === 0) {
    console.log(`Installing Debian's ${packages} (${missing.map((m) => m.why).join("; ")})...`);
    execSync(
      `apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq --no-install-recommends ${packages}`,
      { stdio: "inherit" },
    );
  } else {
    console.error(
      `Missing ${missing.map((m) => `${m.name} (${m.why})`).join(" and ")}. Install with: sudo apt-get install -y ${packages}` +
        (missing.some((m) => m.pkg === "chromium") ? " (or set CHROMIUM_PATH)" : ""),
    );
    process.exit(1);
  }
}

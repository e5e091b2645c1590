#!/usr/bin/env node
/**
 * The README's API walk-through as plain HTTP (what curl does): sign in, search, read the
 * first hit and its change log, export the search as CSV. tests/e2e/api.spec.ts runs it
 * against the test server; run it yourself against any server:
 *
 *   node tests/api-walkthrough.mjs http://localhost:3000 member@example.org horizon-demo
 *
 * It prints each call and a line of its answer, and exits 1 at the first unexpected answer.
 */
const [base = "http://localhost:3000", email = "member@example.org", password = "horizon-demo"] =
  process.argv.slice(2);

async function call(method, path, { token, body } = {}) {
  const response = await fetch(new URL(path, base), {
    method,
    headers: {
      ...(token ? { Authorization: `Bearer ${token}` } : {}),
      ...(body ? { "Content-Type": "application/json" } : {}),
    },
    body: body ? JSON.stringify(body) : undefined,
  });
  const type = response.headers.get("content-type") ?? "";
  const answer = type.includes("json") ? await response.json() : await response.text();
  console.log(`${method} ${path} → ${response.status}`);
  if (!response.ok) {
    console.error(JSON.stringify(answer));
    process.exit(1);
  }
  return { answer, response };
}

const { answer: signedIn } = await call("POST", "/api/auth/signin", { body: { email, password } });
const token = signedIn.token;
console.log(`  signed in as ${signedIn.user.email}; the token expires ${signedIn.expiresAt}`);

const query = { searchPhrase: "*", sortBy: "lastUpdated", sortOrder: "desc", size: 5 };
const { answer: found } = await call("POST", "/api/search/search", { token, body: query });
console.log(
  `  ${found.totalHits} records; the first: ${found.hits[0]?.hssId} ${found.hits[0]?.title}`,
);
if (!found.hits.length) process.exit(1);

const hssId = found.hits[0].hssId;
const { answer: record } = await call(
  "GET",
  `/api/search/getkerneldetails?hssId=${encodeURIComponent(hssId)}`,
  { token },
);
console.log(`  ${record.hssId}: ${record.record.title} (version ${record.version})`);

const { answer: log } = await call(
  "GET",
  `/api/recordchangelog/getbyhssid?hssId=${encodeURIComponent(hssId)}`,
  { token },
);
console.log(`  ${log.recordChangeLogs.length} changes logged`);

const { answer: csv, response } = await call("POST", "/api/export", {
  token,
  // The same search; an export's size is the most records it takes (10,000 at most).
  body: { searchPhrase: query.searchPhrase, exportFormat: "csv", exportAll: true },
});
const lines = csv.trim().split(/\r?\n/);
console.log(
  `  ${response.headers.get("content-disposition")}: ${response.headers.get("x-record-count")} records, header: ${lines[0].slice(0, 60).replace(/^\uFEFF/, "")}…`,
);
if (Number(response.headers.get("x-record-count")) !== found.totalHits) process.exit(1);

await call("POST", "/api/auth/signout", { token });

// The fast lane's two long steps at once: the type check is one thread and the unit and
// integration tests leave room beside it, so running them side by side saves most of the
// type check's half minute. The type check's output is printed when it ends, in one piece.
import { spawn } from "node:child_process";

const typecheck = new Promise((resolve) => {
  const child = spawn("node_modules/.bin/tsc", [], { stdio: ["ignore", "pipe", "pipe"] });
  let output = "";
  child.stdout.on("data", (chunk) => {
    output += chunk;
  });
  child.stderr.on("data", (chunk) => {
    output += chunk;
  });
  child.on("close", (code) => resolve({ code, output }));
});
const tests = new Promise((resolve) => {
  const child = spawn("node_modules/.bin/vitest", ["run", "tests/unit", "tests/integration"], {
    stdio: "inherit",
  });
  child.on("close", (code) => resolve(code));
});

const [types, testsCode] = await Promise.all([typecheck, tests]);
console.log(
  types.code === 0 ? "Type check: no errors." : `Type check failed:\n${types.output}`.trimEnd(),
);
process.exit(types.code === 0 && testsCode === 0 ? 0 : 1);

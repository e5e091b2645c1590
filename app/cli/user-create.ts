/**
 * Creates a user, usually the first administrator of a deployment:
 *   npm run user:create -- --email you@example.org --role admin [--first-name Ada --last-name Lovelace]
 * The password is read from stdin when piped, or asked for at the prompt.
 */
import { createInterface } from "node:readline";
import { parseArgs } from "node:util";
import { z } from "zod";
import { runCli } from "~/cli/run";
import { newPasswordFields } from "~/lib/password-rules.server";
import { ROLES } from "~/lib/roles";
import { createUser, EmailTakenError } from "~/models/users.server";

async function readPassword(): Promise<string> {
  if (!process.stdin.isTTY) {
    const chunks: Buffer[] = [];
    for await (const chunk of process.stdin) chunks.push(chunk as Buffer);
    return Buffer.concat(chunks).toString("utf8").split(/\r?\n/)[0] ?? "";
  }
  const rl = createInterface({ input: process.stdin, output: process.stdout, terminal: true });
  // Echo the prompt, then nothing of what is typed.
  let muted = false;
  // readline has no public way to stop echoing: its private writer is replaced.
  const internals = rl as unknown as { _writeToOutput: (text: string) => void };
  internals._writeToOutput = (text: string) => {
    if (!muted) process.stdout.write(text);
  };
  const ask = (question: string) =>
    new Promise<string>((resolve) => {
      muted = false;
      rl.question(question, (answer) => {
        muted = false;
        process.stdout.write("\n");
        resolve(answer);
      });
      muted = true;
    });
  const first = await ask("Password: ");
  const second = await ask("Repeat password: ");
  rl.close();
  if (first !== second) throw new Error("The passwords do not match.");
  return first;
}

const argsSchema = z.object({
  email: z.email({ error: "--email must be a valid email address" }),
  role: z.array(z.enum(ROLES, { error: `--role must be one of ${ROLES.join(", ")}` })).default([]),
  "first-name": z.string().min(1).default("Administrator"),
  "middle-name": z.string().default(""),
  "last-name": z.string().default(""),
});

async function main() {
  const { values } = parseArgs({
    options: {
      email: { type: "string" },
      role: { type: "string", multiple: true },
      "first-name": { type: "string" },
      "middle-name": { type: "string" },
      "last-name": { type: "string" },
    },
  });
  const parsed = argsSchema.safeParse(values);
  if (!parsed.success)
    throw new Error(parsed.error.issues.map((issue) => issue.message).join("\n"));
  const args = parsed.data;
  const password = await readPassword();
  // The same rules as registration and password changes.
  const checked = newPasswordFields(args.email).password.safeParse(password);
  if (!checked.success) throw new Error(`${checked.error.issues[0].message}.`);
  const user = await createUser({
    email: args.email,
    firstName: args["first-name"],
    middleName: args["middle-name"],
    lastName: args["last-name"],
    password,
    roles: args.role,
  });
  console.log(`Created ${user.email} with roles: ${user.roles.join(", ") || "(member)"}`);
}

await runCli(main, (error) =>
  error instanceof EmailTakenError
    ? "An account with this email already exists."
    : error instanceof Error
      ? error.message
      : error,
);

import { and, eq, inArray, isNull, sql } from "drizzle-orm";
import { QueryBuilder } from "drizzle-orm/pg-core";
import { type Db, getDb, schema } from "~/db/client.server";
import { z } from "zod";
import { hashPassword, verifyPassword } from "~/lib/password.server";
import { normaliseRole } from "~/lib/roles";

const { users, roles, userRoles } = schema;

export interface User {
  id: number;
  email: string;
  firstName: string;
  middleName: string;
  lastName: string;
  roles: string[];
}

export function normaliseEmail(email: string) {
  return email.trim().toLowerCase();
}

export { displayName } from "~/lib/names";

// The names of the roles of the user in the enclosing statement's row, by name. A subquery of
// its own: a select from users alone writes the columns of its SQL fields unqualified, which
// inside this subquery would name the roles' columns.
const roleNames = new QueryBuilder()
  .select({ names: sql`array_agg(${roles.name} ORDER BY ${roles.name})` })
  .from(userRoles)
  .innerJoin(roles, eq(roles.id, userRoles.roleId))
  .where(eq(userRoles.userId, users.id));
const rolesOf = sql<string[]>`coalesce(${roleNames}, '{}')`;

/** The columns of a User, for statements that join users (the session lookup). */
export const userColumns = {
  id: users.id,
  email: users.email,
  firstName: users.firstName,
  middleName: users.middleName,
  lastName: users.lastName,
  roles: rolesOf,
};

/** Not suspended, not deleted: the users who may sign in and keep their sessions. */
export const isActiveUser = and(isNull(users.suspendedAt), isNull(users.deletedAt));

/** An active user (not suspended, not deleted), or null. */
export async function getActiveUser(id: number, db?: Db): Promise<User | null> {
  db ??= await getDb();
  const [user] = await db
    .select(userColumns)
    .from(users)
    .where(and(eq(users.id, id), isActiveUser));
  return user ?? null;
}

/**
 * The user with this email and password, if the account may sign in. Unknown emails,
 * wrong passwords, suspended and deleted accounts all answer null alike.
 */
export async function verifyLogin(email: string, password: string): Promise<User | null> {
  const db = await getDb();
  const [row] = await db
    .select({
      ...userColumns,
      passwordHash: users.passwordHash,
      suspendedAt: users.suspendedAt,
      deletedAt: users.deletedAt,
    })
    .from(users)
    .where(eq(sql`lower(${users.email})`, normaliseEmail(email)));
  const passwordMatches = await verifyPassword(password, row?.passwordHash);
  if (!row || !passwordMatches || row.suspendedAt || row.deletedAt) return null;
  const { passwordHash: _hash, suspendedAt: _s, deletedAt: _d, ...user } = row;
  return user;
}

export interface NewUser {
  email: string;
  firstName: string;
  middleName?: string;
  lastName?: string;
  password: string;
  roles?: string[];
}

export class EmailTakenError extends Error {
  constructor() {
    super("An account with this email already exists");
  }
}

async function emailTaken(db: Db, email: string, exceptUserId?: number) {
  const [row] = await db
    .select({ id: users.id })
    .from(users)
    .where(eq(sql`lower(${users.email})`, normaliseEmail(email)));
  return Boolean(row && row.id !== exceptUserId);
}

export async function createUser(input: NewUser, db?: Db): Promise<User> {
  db ??= await getDb();
  const passwordHash = await hashPassword(input.password);
  return db.transaction(async (tx) => {
    if (await emailTaken(tx, input.email)) throw new EmailTakenError();
    const [created] = await tx
      .insert(users)
      .values({
        email: normaliseEmail(input.email),
        firstName: input.firstName.trim(),
        middleName: input.middleName?.trim() ?? "",
        lastName: input.lastName?.trim() ?? "",
        passwordHash,
      })
      .returning({ id: users.id });
    const wanted = (input.roles ?? []).map(normaliseRole);
    if (wanted.length > 0) {
      const found = await tx
        .select({ id: roles.id, name: roles.name })
        .from(roles)
        .where(inArray(roles.name, wanted));
      const missing = wanted.filter((name) => !found.some((role) => role.name === name));
      if (missing.length > 0) throw new Error(`Unknown role: ${missing.join(", ")}`);
      await tx
        .insert(userRoles)
        .values(found.map((role) => ({ userId: created.id, roleId: role.id })));
    }
    const user = await getActiveUser(created.id, tx);
    if (!user) throw new Error("The new user could not be read back");
    return user;
  });
}

export interface NamesUpdate {
  firstName: string;
  middleName: string;
  lastName: string;
}

/**
 * The user's own names. Their email address changes only through a link sent to the new
 * address (app/models/email-change.server.ts), never here.
 */
export async function updateNames(userId: number, names: NamesUpdate): Promise<User> {
  const db = await getDb();
  return db.transaction(async (tx) => {
    await tx
      .update(users)
      .set({
        firstName: names.firstName.trim(),
        middleName: names.middleName.trim(),
        lastName: names.lastName.trim(),
        updatedAt: new Date(),
      })
      .where(eq(users.id, userId));
    const user = await getActiveUser(userId, tx);
    if (!user) throw new Error("The profile could not be read back");
    return user;
  });
}

export async function countUsers(db?: Db) {
  db ??= await getDb();
  const [row] = await db.select({ count: sql<number>`count(*)::int` }).from(users);
  return row.count;
}

const nameField = (label: string, required: boolean) => {
  const base = z.string().trim().max(100, `${label} must be 100 characters or fewer`);
  return required
    ? z
        .string({ error: `Enter your ${label.toLowerCase()}` })
        .pipe(base.min(1, `Enter your ${label.toLowerCase()}`))
    : base.default("");
};

export const profileSchema = z.object({
  firstName: nameField("First name", true),
  middleName: nameField("Middle name", false),
  lastName: nameField("Last name", true),
  email: z
    .string({ error: "Enter your email address" })
    .trim()
    .min(1, "Enter your email address")
    .pipe(z.email({ error: "Enter a valid email" }).max(320, "Enter a valid email")),
});

/** The profile page's fields: the names (the email address has a page of its own). */
export const namesSchema = profileSchema.omit({ email: true });

import dayjs from "dayjs";
import { and, desc, eq, inArray, sql } from "drizzle-orm";
import { type Db, type Engine, getDb, schema } from "~/db/client.server";
import { DEMO_ACCOUNTS, DEMO_PASSWORD } from "~/demo/accounts";
import { demoAlerts } from "~/demo/alerts";
import { DEMO_FAQS, DEMO_GLOSSARY } from "~/demo/content";
import { DEMO_HIR_COUNT, DEMO_TOPIC_COUNT, demoHirPdf, indicationInText } from "~/demo/hirs.server";
import { demoImagingEntries } from "~/demo/imaging";
import { env } from "~/lib/env.server";
import { isoDate } from "~/lib/dates";
import { logInfo } from "~/lib/log.server";
import { createHir, createTopic, storeHirFile } from "~/models/hirs.server";
import { applyRecords } from "~/models/record-import.server";
import { createUser, isActiveUser, normaliseEmail } from "~/models/users.server";
import { generateRecordHistory } from "~/records/generate";
import { type HssRecord, recordSchema } from "~/records/schema.server";
import { IHSI_CATEGORIES } from "~/records/vocabulary";

/**
 * Writes the demo (the data in `app/demo/`) into a store: its accounts, catalogue, FAQ,
 * glossary, imaging entries, website alerts and reports. Each part is written once per store,
 * marked in app_meta, and only where staff have not written their own.
 */

const SEEDED_KEY = "demo_seeded";

const CONTENT_KEY = "demo_faq_glossary_seeded";

/**
 * The demo FAQ and glossary, once per demo store, also for one seeded before they
 * existed: each is filled only while it is empty, so nothing staff wrote is touched.
 */
export async function demoFaqAndGlossary(db: Db) {
  const [done] = await db.select().from(schema.appMeta).where(eq(schema.appMeta.key, CONTENT_KEY));
  if (done) return;
  await db.transaction(async (tx) => {
    const [faqs] = await tx.select({ count: sql<number>`count(*)::int` }).from(schema.faqs);
    if (faqs.count === 0) {
      await tx
        .insert(schema.faqs)
        .values(DEMO_FAQS.map((faq, index) => ({ ...faq, sortOrder: index + 1 })));
      await tx
        .update(schema.faqsVersion)
        .set({ version: sql`${schema.faqsVersion.version} + 1` })
        .where(eq(schema.faqsVersion.id, 1));
    }
    const [glossary] = await tx
      .select({ count: sql<number>`count(*)::int` })
      .from(schema.glossaryEntries);
    if (glossary.count === 0) await tx.insert(schema.glossaryEntries).values(DEMO_GLOSSARY);
    await tx
      .insert(schema.appMeta)
      .values({ key: CONTENT_KEY, value: { at: new Date().toISOString() } })
      .onConflictDoNothing();
  });
}

const IMAGING_KEY = "demo_imaging_seeded";

/**
 * The demo imaging and diagnostics entries, once per demo store and only while the
 * list is empty, saved as by the demo editor where there is one. Their event names are the
 * milestones the migration seeds; one a staff member has since deleted is left out.
 */
export async function demoImagingDiagnostics(db: Db, today = isoDate(new Date())) {
  const [done] = await db.select().from(schema.appMeta).where(eq(schema.appMeta.key, IMAGING_KEY));
  if (done) return;
  await db.transaction(async (tx) => {
    const [entries] = await tx
      .select({ count: sql<number>`count(*)::int` })
      .from(schema.imagingDiagnostics);
    if (entries.count === 0) {
      const names = new Map(
        (await tx.select().from(schema.imagingEventNames)).map((name) => [name.name, name.id]),
      );
      const [editor] = await tx
        .select({ id: schema.users.id })
        .from(schema.users)
        .where(eq(sql`lower(${schema.users.email})`, "editor@example.org"));
      for (const entry of demoImagingEntries(today)) {
        const [row] = await tx
          .insert(schema.imagingDiagnostics)
          .values({
            category: entry.category,
            emaCode: entry.emaCode,
            chemicalName: entry.chemicalName,
            tradeName: entry.tradeName,
            indicationStatement: entry.indicationStatement,
            archived: entry.archived,
            createdOrUpdatedBy: editor?.id ?? null,
          })
          .returning({ id: schema.imagingDiagnostics.id });
        const events = entry.events.flatMap((event) => {
          const nameId = names.get(event.name);
          return nameId === undefined ? [] : [{ nameId, date: event.date }];
        });
        if (events.length)
          await tx.insert(schema.imagingDiagnosticsEvents).values(
            events.map((event, index) => ({
              entryId: row.id,
              eventNameId: event.nameId,
              eventDate: event.date,
              position: index + 1,
            })),
          );
      }
    }
    await tx
      .insert(schema.appMeta)
      .values({ key: IMAGING_KEY, value: { at: new Date().toISOString() } })
      .onConflictDoNothing();
  });
}

/**
 * What every demo store gets once, whenever it was first seeded. Not the site settings: the
 * demo's staff are asked for two-step sign-in as on any new store, until an admin turns
 * "Require two-step sign-in for staff" off (docs/decisions/015-two-step-sign-in.md).
 */
async function demoExtras(db: Db) {
  await demoFaqAndGlossary(db);
  await demoImagingDiagnostics(db);
  // The demo's website alerts, unless DEMO_ALERTS=0.
  if (env().DEMO_ALERTS === "1") await seedDemoAlerts(db);
  await seedDemoHirs(db);
}

/**
 * Whether start-up seeds demo data: always with DEMO=1 (the test suites, a demo site), never
 * with DEMO=0, and otherwise only outside production on the embedded database (the README's
 * quick start): a production server never creates accounts whose password is published.
 */
export function demoWanted(engine: Engine, demo: string | undefined, nodeEnv: string) {
  if (demo === "1") return true;
  if (demo === "0" || nodeEnv === "production") return false;
  return engine === "pglite";
}

/** The demo accounts in the database that can sign in (neither suspended nor deleted). */
export async function activeDemoAccounts(db?: Db): Promise<string[]> {
  db ??= await getDb();
  const rows = await db
    .select({ email: schema.users.email })
    .from(schema.users)
    .where(
      and(
        inArray(
          sql`lower(${schema.users.email})`,
          DEMO_ACCOUNTS.map((account) => account.email),
        ),
        isActiveUser,
      ),
    )
    .orderBy(schema.users.email);
  return rows.map((row) => row.email);
}

/** Seeds the demo accounts once; returns whether it did anything. */
export async function seedDemo(db: Db): Promise<boolean> {
  const [marker] = await db.select().from(schema.appMeta).where(eq(schema.appMeta.key, SEEDED_KEY));
  if (marker) {
    await demoExtras(db);
    return false;
  }
  for (const account of DEMO_ACCOUNTS) {
    const [existing] = await db
      .select({ id: schema.users.id })
      .from(schema.users)
      .where(eq(sql`lower(${schema.users.email})`, normaliseEmail(account.email)));
    if (!existing)
      await createUser({ ...account, roles: [...account.roles], password: DEMO_PASSWORD }, db);
  }
  // After the accounts: the demo imaging entries are saved as by the demo editor.
  await demoExtras(db);
  await db
    .insert(schema.appMeta)
    .values({ key: SEEDED_KEY, value: { at: new Date().toISOString() } })
    .onConflictDoNothing();
  return true;
}

const RECORDS_SEEDED_KEY = "demo_records_seeded";

/**
 * Fills the catalogue with `count` generated records and their history: every record's
 * first version, then every second version, and so on, each dated as the generator dates
 * it, so change logs and "recently updated" are real. Goes through the import code.
 * Generated as of `today`, the day it runs: the records in the pipeline expect events in the
 * weeks and months after it (the home page's next regulatory events).
 */
export async function seedDemoRecords(db: Db, count: number, today = isoDate(new Date())) {
  const histories: HssRecord[][] = [];
  for (let index = 0; index < count; index++) {
    histories.push(
      generateRecordHistory(index, { catalogueSize: count, today }).map((doc) =>
        recordSchema.parse(doc),
      ),
    );
  }
  const waves = Math.max(0, ...histories.map((history) => history.length));
  let versions = 0;
  for (let wave = 0; wave < waves; wave++) {
    const items = histories
      .filter((history) => history.length > wave)
      // Dated as the generator dates them, but never later than now (a change cannot be in the future).
      .map((history) => ({
        doc: history[wave],
        at: new Date(Math.min(Date.now(), Date.parse(`${history[wave].lastUpdated}T09:00:00Z`))),
      }));
    await applyRecords(items, {
      mode: "publish",
      filename: `demo catalogue, version ${wave + 1}`,
      db,
    });
    versions += items.length;
  }
  await db
    .insert(schema.appMeta)
    .values({ key: RECORDS_SEEDED_KEY, value: { at: new Date().toISOString(), count, versions } })
    .onConflictDoNothing();
  return versions;
}

async function seedRecordsIfEmpty(db: Db) {
  const count = env().DEMO_RECORDS;
  if (count === 0) return;
  const [marker] = await db
    .select()
    .from(schema.appMeta)
    .where(eq(schema.appMeta.key, RECORDS_SEEDED_KEY));
  const [records] = await db.select({ count: sql<number>`count(*)::int` }).from(schema.records);
  if (marker || records.count > 0) return;
  const started = performance.now();
  const versions = await seedDemoRecords(db, count);
  const seconds = ((performance.now() - started) / 1000).toFixed(1);
  logInfo("demo", `seeded ${count} demo records with ${versions} versions in ${seconds} s`);
}

/** The start-up hook: seed when wanted and the database has never been seeded. */
export async function seedDemoOnStartup(db: Db, engine: Engine) {
  if (!demoWanted(engine, env().DEMO, env().NODE_ENV)) return;
  if (engine === "pglite" && env().DEMO !== "1") {
    // In development, only a demo database gets demo data unasked: an empty one, or one
    // seeded as a demo before records existed (its catalogue is filled when empty).
    const [marker] = await db
      .select()
      .from(schema.appMeta)
      .where(eq(schema.appMeta.key, SEEDED_KEY));
    const [users] = await db.select({ count: sql<number>`count(*)::int` }).from(schema.users);
    if (!marker && users.count > 0) return;
    await seedRecordsIfEmpty(db);
    if (marker) return demoExtras(db);
  } else {
    await seedRecordsIfEmpty(db);
  }
  if (await seedDemo(db))
    logInfo(
      "demo",
      `seeded ${DEMO_ACCOUNTS.length} demo accounts (the README gives their password)`,
    );
}

const ALERTS_SEEDED_KEY = "demo_alerts_seeded";

/** The demo's website alerts, once per demo store, also for one seeded before alerts existed. */
export async function seedDemoAlerts(db: Db, now = Date.now()) {
  const [done] = await db
    .select()
    .from(schema.appMeta)
    .where(eq(schema.appMeta.key, ALERTS_SEEDED_KEY));
  if (done) return false;
  // Written when they were announced, as real ones would have been.
  await db.insert(schema.alerts).values(
    demoAlerts(now).map((alert) => ({
      ...alert,
      createdAt: alert.notifyDate,
      updatedAt: alert.notifyDate,
    })),
  );
  await db
    .insert(schema.appMeta)
    .values({ key: ALERTS_SEEDED_KEY, value: { at: new Date(now).toISOString() } })
    .onConflictDoNothing();
  return true;
}

const HIRS_SEEDED_KEY = "demo_hirs_seeded";

async function* once(bytes: Uint8Array) {
  yield bytes;
}

export async function seedDemoHirs(db: Db, today = dayjs()) {
  const [done] = await db
    .select()
    .from(schema.appMeta)
    .where(eq(schema.appMeta.key, HIRS_SEEDED_KEY));
  if (done) return false;
  // Records with a High Impact Report in their data get the PDF; then others, in HSS ID order.
  const { records, recordVersions } = schema;
  const found = await db
    .select({ document: recordVersions.document })
    .from(records)
    .innerJoin(recordVersions, eq(recordVersions.id, records.publishedVersionId))
    .orderBy(
      desc(sql`jsonb_array_length(${recordVersions.document}->'highImpactReports') > 0`),
      records.hssId,
    )
    .limit(DEMO_HIR_COUNT + DEMO_TOPIC_COUNT);
  // A published version's document is a whole record, checked when it was written.
  const documents = found.map((row) => ({ document: row.document as HssRecord }));
  for (const [index, { document: record }] of documents.slice(0, DEMO_HIR_COUNT).entries()) {
    // The product's name is the title: the list is headed "High Impact Reports" already, so a
    // "High Impact Report: …" prefix on every card would only repeat it.
    const name = record.activeCompound.substanceName;
    const title = name.charAt(0).toUpperCase() + name.slice(1);
    const date = today.subtract(20 + index * 45, "day").format("YYYY-MM-DD");
    const stored = await storeHirFile(once(await demoHirPdf(record, title, date)), db);
    if ("error" in stored) throw new Error(`demo HIR refused: ${stored.error}`);
    const id = await createHir(
      {
        title,
        description: `Our analysis of ${record.activeCompound.substanceName} for ${indicationInText(record)}: the technology, the evidence so far, the regulatory position and what it could change for services and budgets.`,
        hssIds: [record.hssId],
        fileId: stored.fileId,
      },
      null,
      db,
    );
    if (id === null) throw new Error("demo HIR lost its file");
    const written = new Date(`${date}T09:00:00Z`);
    await db
      .update(schema.hirs)
      .set({ createdAt: written, updatedAt: written })
      .where(eq(schema.hirs.id, id));
  }
  for (const [index, { document: record }] of documents.slice(DEMO_HIR_COUNT).entries()) {
    const own = record.classificationAndCodes.ihsiCategory;
    const other = IHSI_CATEGORIES[(index * 2 + 1) % IHSI_CATEGORIES.length];
    await createTopic(
      {
        // The record's title already reads as a sentence ("… for moderately …", "… for Fabry
        // disease"): the topic says "in" where it says "for".
        titleOfTopic: record.title.replace(" for ", " in "),
        ihsiCategories: index % 2 && other !== own ? [own, other] : [own],
        publicationDate:
          index === DEMO_TOPIC_COUNT - 1
            ? null
            : today
                .add(index + 1, "month")
                .endOf("month")
                .format("YYYY-MM-DD"),
        hssId: record.hssId,
        archived: false,
      },
      null,
      db,
    );
  }
  await db
    .insert(schema.appMeta)
    .values({ key: HIRS_SEEDED_KEY, value: { at: new Date().toISOString() } })
    .onConflictDoNothing();
  return true;
}

import dayjs from "dayjs";
import type { PDFFont } from "pdf-lib";
import type { HssRecord } from "~/records/types";

/**
 * The demo's High Impact Reports: real, small, multi-page PDFs made with pdf-lib
 * from demo records (a title page, then the analysis written from the record), stored as an
 * upload is, and upcoming topics on other records. Once per database.
 */

/** How many demo reports, and how many upcoming topics after them. */
export const DEMO_HIR_COUNT = 4;
export const DEMO_TOPIC_COUNT = 6;

const PAGE = { width: 595.28, height: 841.89 }; // A4, in points
const MARGIN = 64;

/** Text the standard fonts can draw (WinAnsi): anything else becomes a plain equivalent. */
const drawable = (text: string) =>
  text
    .normalize("NFKD")
    .replace(/[\u0300-\u036f]/g, "")
    .replace(/[‐‑‒]/g, "-")
    .replace(/[^\u0020-\u007e\u00a0-\u00ff–—‘’“”•…€]/g, "?");

function wrap(text: string, font: PDFFont, size: number, width: number) {
  const lines: string[] = [];
  for (const paragraph of drawable(text).split("\n")) {
    let line = "";
    for (const word of paragraph.split(/\s+/).filter(Boolean)) {
      const next = line ? `${line} ${word}` : word;
      if (line && font.widthOfTextAtSize(next, size) > width) {
        lines.push(line);
        line = word;
      } else line = next;
    }
    lines.push(line);
  }
  return lines;
}

/**
 * The indication as it reads inside a sentence. The record's indication field is sentence-cased
 * for a label ("Chronic weight management…"); its title already has the indication in running
 * text ("… for chronic weight management…", "… for Fabry disease"), so that is taken when it can be.
 */
export function indicationInText(record: Pick<HssRecord, "title" | "estimatedIndication">) {
  const at = record.title.indexOf(" for ");
  return at >= 0 ? record.title.slice(at + " for ".length) : record.estimatedIndication.indication;
}

/** A report on one record: a title page, then its sections, over as many pages as they take. */
export async function demoHirPdf(record: HssRecord, title: string, date: string) {
  // Loaded here, not with the server: only the demo data's first start makes these.
  const { PDFDocument, rgb, StandardFonts } = await import("pdf-lib");
  const INK = rgb(0.1, 0.12, 0.16);
  const ACCENT = rgb(0.05, 0.32, 0.55);
  const pdf = await PDFDocument.create();
  pdf.setTitle(drawable(title));
  pdf.setAuthor("Horizon Scanning Database (demo)");
  pdf.setSubject(drawable(record.title));
  pdf.setCreationDate(new Date(`${date}T09:00:00Z`));
  pdf.setModificationDate(new Date(`${date}T09:00:00Z`));
  const regular = await pdf.embedFont(StandardFonts.Helvetica);
  const bold = await pdf.embedFont(StandardFonts.HelveticaBold);
  const width = PAGE.width - 2 * MARGIN;

  const cover = pdf.addPage([PAGE.width, PAGE.height]);
  cover.drawRectangle({
    x: 0,
    y: PAGE.height - 180,
    width: PAGE.width,
    height: 180,
    color: ACCENT,
  });
  cover.drawText("HIGH IMPACT REPORT", {
    x: MARGIN,
    y: PAGE.height - 100,
    size: 14,
    font: bold,
    color: rgb(1, 1, 1),
  });
  let y = PAGE.height - 260;
  for (const line of wrap(title, bold, 26, width)) {
    cover.drawText(line, { x: MARGIN, y, size: 26, font: bold, color: INK });
    y -= 34;
  }
  y -= 10;
  for (const line of [
    `Record ${record.hssId}: ${record.title}`,
    `Published ${dayjs(date).format("D MMMM YYYY")}`,
    "Horizon Scanning Database. Demo content, generated for this demonstration.",
  ]) {
    for (const part of wrap(line, regular, 12, width)) {
      cover.drawText(part, { x: MARGIN, y, size: 12, font: regular, color: INK });
      y -= 18;
    }
  }

  const { ema, fda } = record.regulatoryInformation;
  const sections: [string, string][] = [
    [
      "Summary",
      record.analysis?.summary ??
        `${record.activeCompound.substanceName} is a ${record.activeCompound.technologyType.toLowerCase()} in development for ${indicationInText(record)}.`,
    ],
    [
      "The technology",
      `${record.activeCompound.substanceName}${record.activeCompound.brandName ? ` (${record.activeCompound.brandName})` : ""} belongs to the drug class ${record.activeCompound.drugClass}${record.activeCompound.target ? `, with the target ${record.activeCompound.target}` : ""}. Developed by ${record.organisations.map((o) => o.name).join(", ") || "a company not yet named"}.`,
    ],
    [
      "Indication and population",
      `${record.estimatedIndication.indication}, in the therapeutic area ${record.estimatedIndication.therapeuticArea}. The population that could be treated, and how care is organised for it today, decide how large the change to services would be.`,
    ],
    [
      "Regulatory position",
      `European Union: ${ema.status}. United States: ${fda.status}. Dates and milestones are on the record page, and this report is reviewed when either changes.`,
    ],
    [
      "Expected impact",
      record.analysis?.expectedImpact ??
        "The impact on patients, services and budgets will be assessed when pivotal data are published.",
    ],
    [
      "What commissioners should watch",
      "The readout of the pivotal trials, the regulatory opinion, the price set at launch, and any service changes (testing, infusion capacity, monitoring) the technology would need. Follow the record to be told when it changes.",
    ],
    [
      "About this report",
      "High Impact Reports are written by the horizon scanning team for technologies likely to change care or budgets. This one was generated from the demo catalogue, and its figures are not real.",
    ],
  ];
  // The analysis runs onto the pages it needs: at least two after the title page.
  let page = pdf.addPage([PAGE.width, PAGE.height]);
  y = PAGE.height - MARGIN;
  const room = (needed: number) => {
    if (y - needed >= MARGIN) return;
    page = pdf.addPage([PAGE.width, PAGE.height]);
    y = PAGE.height - MARGIN;
  };
  sections.forEach(([heading, body], index) => {
    if (index === 4 && pdf.getPageCount() < 3) {
      page = pdf.addPage([PAGE.width, PAGE.height]);
      y = PAGE.height - MARGIN;
    }
    room(60);
    page.drawText(drawable(heading), { x: MARGIN, y, size: 16, font: bold, color: ACCENT });
    y -= 26;
    for (const line of wrap(body, regular, 11, width)) {
      room(16);
      page.drawText(line, { x: MARGIN, y, size: 11, font: regular, color: INK });
      y -= 16;
    }
    y -= 14;
  });
  const pages = pdf.getPages();
  pages.forEach((each, index) => {
    if (index === 0) return;
    each.drawText(`${drawable(title)}  ·  page ${index + 1} of ${pages.length}`, {
      x: MARGIN,
      y: MARGIN / 2,
      size: 8,
      font: regular,
      color: INK,
    });
  });
  return pdf.save();
}

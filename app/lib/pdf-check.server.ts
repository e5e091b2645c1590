/**
 * Whether an upload really is a PDF, checked as it streams past and never read
 * whole. A PDF begins with its header (%PDF-1.x or %PDF-2.0) and ends with the pointer a
 * reader starts from: `startxref`, the offset of the cross-reference section, and `%%EOF`.
 * At that offset there must be a cross-reference table (`xref`, then its entries) followed
 * by a trailer naming the document's root, or a cross-reference stream (`N G obj` with
 * /Type /XRef and /Root). A renamed executable or web page fails the header; a PDF cut
 * short or damaged fails the structure. What the pages draw is not checked.
 */

/** How much of the start and the end of the file is kept while it streams. */
const HEAD_BYTES = 1024;
const TAIL_BYTES = 4096;

export type PdfVerdict = "pdf" | "not-pdf" | "damaged";

const latin1 = (bytes: Uint8Array) => new TextDecoder("latin1").decode(bytes);

export class PdfSniffer {
  private head = new Uint8Array(HEAD_BYTES);
  private headLength = 0;
  private tail = new Uint8Array(0);
  size = 0;

  push(chunk: Uint8Array) {
    if (this.headLength < HEAD_BYTES) {
      const take = chunk.subarray(0, HEAD_BYTES - this.headLength);
      this.head.set(take, this.headLength);
      this.headLength += take.byteLength;
    }
    this.size += chunk.byteLength;
    if (chunk.byteLength >= TAIL_BYTES) {
      this.tail = chunk.slice(chunk.byteLength - TAIL_BYTES);
    } else {
      const joined = new Uint8Array(Math.min(TAIL_BYTES, this.tail.byteLength + chunk.byteLength));
      const keep = joined.byteLength - chunk.byteLength;
      joined.set(this.tail.subarray(this.tail.byteLength - keep), 0);
      joined.set(chunk, keep);
      this.tail = joined;
    }
  }

  /** Whether the header says PDF: known from the first kilobyte, before the rest arrives. */
  headerOffset(): number | null {
    const text = latin1(this.head.subarray(0, this.headLength));
    const at = text.indexOf("%PDF-");
    return at >= 0 && /^%PDF-[12]\.\d/.test(text.slice(at, at + 8)) ? at : null;
  }

  /** The verdict, reading the cross-reference section through `readAt` (from the stored file). */
  async verdict(readAt: (offset: number, length: number) => Promise<Uint8Array>) {
    return pdfVerdict(this.headerOffset(), latin1(this.tail), this.size, readAt);
  }
}

async function pdfVerdict(
  headerAt: number | null,
  tail: string,
  size: number,
  readAt: (offset: number, length: number) => Promise<Uint8Array>,
): Promise<PdfVerdict> {
  if (headerAt === null) return "not-pdf";
  const eof = tail.lastIndexOf("%%EOF");
  // Readers allow a little after %%EOF (a line end, padding), not a file's worth.
  if (eof < 0 || tail.length - eof > 1024) return "damaged";
  const pointer = /startxref\s+(\d{1,12})\s*$/.exec(tail.slice(0, eof));
  if (!pointer) return "damaged";
  // Offsets count from the file's start; some writers count from the header instead.
  for (const offset of new Set([Number(pointer[1]), Number(pointer[1]) + headerAt])) {
    if (offset >= size) continue;
    const section = latin1(await readAt(offset, 1024));
    if (/^\s*xref\s+\d+\s+\d+\s+\d{10} \d{5} [fn]/.test(section)) {
      const trailer = tail.lastIndexOf("trailer");
      if (trailer >= 0 && /\/Root\s+\d+\s+\d+\s+R/.test(tail.slice(trailer, eof))) return "pdf";
    }
    const stream = /^\s*\d+\s+\d+\s+obj\s*<<([\s\S]*?)stream/.exec(section);
    if (stream && /\/Type\s*\/XRef/.test(stream[1]) && /\/Root\s+\d+\s+\d+\s+R/.test(stream[1]))
      return "pdf";
  }
  return "damaged";
}

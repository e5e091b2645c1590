/**
 * A download's file name from a title ('{title}.pdf'). Characters no file system
 * takes (/ \ : * ? " < > |, control characters) become '_'; leading and trailing dots and
 * spaces go; an empty result becomes `fallback`. The header carries an ASCII name for old
 * clients and the real one as RFC 5987 UTF-8 (RFC 6266 section 4.3).
 */

const UNSAFE = /[/\\:*?"<>|\p{Cc}]/gu;
// Bidirectional controls could disguise the extension ("report\u202Efdp.exe").
const BIDI = /[\u200e\u200f\u202a-\u202e\u2066-\u2069]/g;
const MAX_NAME = 200;

/** The file name (with extension) a title gives, safe on every common file system. */
export function safeFileName(title: string, extension: string, fallback: string) {
  const stem =
    title
      .normalize("NFC")
      .replace(BIDI, "")
      .replace(UNSAFE, "_")
      .replace(/\s+/g, " ")
      .trim()
      .replace(/^[.\s]+|[.\s]+$/g, "")
      .slice(0, MAX_NAME) || fallback;
  return `${stem}.${extension}`;
}

/** The name in ASCII: accents dropped, anything else that is not ASCII as '_'. */
function asciiName(name: string) {
  return name
    .normalize("NFKD")
    .replace(/[\u0300-\u036f]/g, "")
    .replace(/[^\u0020-\u007e]/g, "_")
    .replace(/[%"\\]/g, "_");
}

/** RFC 5987's value-chars: what encodeURIComponent leaves, less the characters it must not. */
const encodeRfc5987 = (value: string) =>
  encodeURIComponent(value).replace(
    /['()*]/g,
    (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`,
  );

/** `attachment; filename="…"; filename*=UTF-8''…` for a title. */
export function attachmentDisposition(title: string, extension: string, fallback: string) {
  const name = safeFileName(title, extension, fallback);
  return `attachment; filename="${asciiName(name)}"; filename*=UTF-8''${encodeRfc5987(name)}`;
}

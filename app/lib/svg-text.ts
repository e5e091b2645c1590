/**
 * Text in server-drawn SVG (the regulatory timeline, the charts): SVG does not wrap text, so
 * lines are broken here by an estimate of each string's width.
 */

/**
 * A generous estimate of a string's width, so wrapped lines don't overflow. Calibrated
 * on DejaVu Sans, the widest of the usual sans-serif fonts Pico's font stack falls back to.
 */
export function textWidth(text: string, fontSize: number, bold = false) {
  let em = 0;
  for (const char of text) {
    if (char === " ") em += 0.32;
    else if ("ijlI.,:;'!|".includes(char)) em += 0.3;
    else if ("ftr()[]-".includes(char)) em += 0.42;
    else if ("mwMW@%".includes(char)) em += 0.98;
    else if (/[A-Z]/.test(char)) em += 0.74;
    else if (/[0-9]/.test(char)) em += 0.64;
    else em += 0.62;
  }
  return em * fontSize * (bold ? 1.15 : 1);
}

/** Greedy word wrap; a word too long for a line is split across lines. */
export function wrapText(
  text: string,
  width: number,
  fontSize: number,
  firstLineIndent = 0,
): string[] {
  const lines: string[] = [];
  let line = "";
  let available = width - firstLineIndent;
  const push = () => {
    lines.push(line);
    line = "";
    available = width;
  };
  for (const word of text.split(/\s+/).filter(Boolean)) {
    const candidate = line ? `${line} ${word}` : word;
    if (textWidth(candidate, fontSize) <= available) {
      line = candidate;
      continue;
    }
    if (line) push();
    let rest = word;
    while (textWidth(rest, fontSize) > available) {
      let cut = rest.length - 1;
      while (cut > 1 && textWidth(`${rest.slice(0, cut)}-`, fontSize) > available) cut--;
      line = `${rest.slice(0, cut)}-`;
      push();
      rest = rest.slice(cut);
    }
    line = rest;
  }
  if (line || lines.length === 0) lines.push(line);
  return lines;
}

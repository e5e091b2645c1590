import { Fragment } from "react";

/**
 * A title whose hyphenated words ("castration-resistant", "G12C-mutated", "HER2-low") wrap
 * whole: a line may break between words, not after a word's hyphen. Each such word is an
 * inline block, which moves to the next line as one piece and only breaks inside itself when
 * it alone is wider than the line (so nothing sticks out on a narrow phone). The text reads and
 * copies as before: the spaces stay outside the blocks.
 */
export function KeepCompounds({ text }: { text: string }) {
  // Each piece keyed by where it starts in the text.
  let at = 0;
  const parts = text.split(/(\s+)/).map((part) => {
    const piece = { part, at };
    at += part.length;
    return piece;
  });
  return (
    <>
      {parts.map(({ part, at: start }) =>
        /\S-\S/.test(part) ? (
          <span key={start} className="compound">
            {part}
          </span>
        ) : (
          <Fragment key={start}>{part}</Fragment>
        ),
      )}
    </>
  );
}

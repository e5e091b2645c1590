/**
 * A field path ("regulatoryInformation.ema.events[2].date") cut into the pieces a line may
 * break between: after each "." and each "]", never inside a name. A path shown in a code chip
 * is drawn with a <wbr> between its pieces, so on a phone it wraps at a dot, not mid-word.
 * Text with a space, or with no "." or "]" inside it, is one piece (it is not a path); a
 * leading dot (".jsonl") stays with its name.
 */
export function fieldPathPieces(text: string): string[] {
  if (/\s/.test(text)) return [text];
  // A "]" that a "." or "[" follows keeps it: "trials[].registry" breaks after the dot only.
  return text.split(/(?<=.\.)(?=.)|(?<=\])(?=[^.[])/);
}

import { type StatusKind, statusTone } from "~/lib/status-tone";

/**
 * A status as the house style draws it: an icon, the word and a tint of its tone. The word
 * carries the meaning; icon and tint only help the eye find it (WCAG 1.4.1). The icon is drawn
 * by the stylesheet, with empty alternative text, so it is neither read out nor part of the
 * text (TONE_ICON lists the same icons for other uses).
 */
export function StatusTag({
  kind,
  value,
  empty = "None",
  word,
}: {
  kind: StatusKind;
  value: string | null | undefined;
  /** What an absent status reads as. */
  empty?: string;
  /** The word shown, where it is not the value the tone is looked up by (an alert's severity). */
  word?: string;
}) {
  const tone = statusTone(kind, value);
  return (
    <span className="status-tag" data-tone={tone}>
      {word ?? (value || empty)}
    </span>
  );
}

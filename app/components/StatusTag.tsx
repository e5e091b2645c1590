import { type StatusKind, statusTone, TONE_ICON } from "~/lib/status-tone";

/**
 * A status as the house style draws it: an icon, the word and a tint of its tone. The word
 * carries the meaning; icon and tint only help the eye find it (WCAG 1.4.1).
 */
export function StatusTag({
  kind,
  value,
  empty = "None",
}: {
  kind: StatusKind;
  value: string | null | undefined;
  /** What an absent status reads as. */
  empty?: string;
}) {
  const tone = statusTone(kind, value);
  return (
    <span className="status-tag" data-tone={tone}>
      <span className="status-icon" aria-hidden="true">
        {TONE_ICON[tone]}
      </span>
      {value || empty}
    </span>
  );
}

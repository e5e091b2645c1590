import { describe, expect, it } from "vitest";
import { cutAt, MARK_END, MARK_START, opening, SLACK_CHARS, snippet } from "~/search/snippet";

const plain = (text: string) => text.replaceAll(MARK_START, "").replaceAll(MARK_END, "");
const is = (target: string) => (word: string) => word.toLowerCase() === target;

describe("result snippets", () => {
  it("does not cut one short word before the end: the text ends instead", () => {
    // The window around "target" (7 words either side) stops one word short of the end.
    const text = "Alpha beta gamma target one two three four five six seven years.";
    const shown = plain(snippet(text, is("target")));
    expect(shown).toBe(text);
  });

  it("ends a passage at a sentence's end a few words on, rather than one word before it", () => {
    const text = `Alpha beta gamma target one two three four five six seven years. ${"Then a long second sentence goes on. ".repeat(4)}`;
    const shown = plain(snippet(text, is("target")));
    expect(shown).toBe("Alpha beta gamma target one two three four five six seven years.\u00a0…");
  });

  it("still cuts a long text, at a word, with the ellipsis kept to that word", () => {
    const long = `${"word ".repeat(60)}target ${"more ".repeat(60)}end.`;
    const shown = plain(snippet(long, is("target")));
    expect(shown.startsWith("…\u00a0word")).toBe(true);
    expect(shown.endsWith("more\u00a0…")).toBe(true);
    expect(shown.split(/\s+/).length).toBeLessThan(40);
  });

  it("marks the matched words", () => {
    expect(snippet("Lung cancer in adults.", is("cancer"))).toBe(
      `Lung ${MARK_START}cancer${MARK_END} in adults.`,
    );
    expect(snippet("Nothing here.", is("cancer"))).toBe("");
  });

  it("ends an opening at the text's or a sentence's end when only a few characters remain", () => {
    const fifteen =
      "one two three four five six seven eight nine ten eleven twelve thirteen fourteen";
    expect(opening(`${fifteen} fifteen.`)).toBe(`${fifteen} fifteen.`);
    expect(opening(`${fifteen} end. ${"then a long second sentence ".repeat(3)}`)).toBe(
      `${fifteen} end.\u00a0…`,
    );
    expect(opening(`${fifteen} ${"extraordinarily ".repeat(4)}`)).toBe(`${fifteen}\u00a0…`);
  });

  it("extends a cut only within the slack", () => {
    const tokens = ["a", "b", "c", "d"];
    expect(cutAt(tokens, 2)).toBe(4);
    const far = ["a", "b", "x".repeat(SLACK_CHARS), "d."];
    expect(cutAt(far, 2)).toBe(2);
    const sentence = ["a", "b", "end.", "x".repeat(SLACK_CHARS)];
    expect(cutAt(sentence, 2)).toBe(3);
  });
});

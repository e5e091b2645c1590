/** What the FAQ search says, on the page and in its title. */
/** "2 questions match 'export'" */
export function matchMessage(count: number, q: string) {
  if (count === 0) return `No questions match '${q}'`;
  return count === 1 ? `1 question matches '${q}'` : `${count} questions match '${q}'`;
}

/** A person's full name: first, middle and last, blanks left out. Safe in the browser. */
export function displayName(person: { firstName: string; middleName?: string; lastName?: string }) {
  return [person.firstName, person.middleName, person.lastName].filter(Boolean).join(" ");
}

/** A route's numeric id (`/dashboard/managefaqs/12`), or a thrown 404 for anything else. */
export function idParam(value: string | undefined) {
  const id = Number(value);
  if (!/^\d+$/.test(value ?? "") || !Number.isSafeInteger(id) || id <= 0 || id > 2_147_483_647)
    throw new Response("Not found", { status: 404 });
  return id;
}

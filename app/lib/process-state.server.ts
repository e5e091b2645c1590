/**
 * State that lives once per server process, kept on globalThis under `name`, so that a server
 * module rebuilt in development finds the same state instead of starting a second copy.
 */
export function processState<T extends object>(name: string, create: () => T): T {
  // globalThis has no index signature: the state is kept under a name of our choosing.
  const store = globalThis as unknown as Record<string, T | undefined>;
  const existing = store[name];
  if (existing) return existing;
  const created = create();
  store[name] = created;
  return created;
}

// The engine room's rule: every background job kind has exactly one handler. The assembly lists the
// kinds (src/background.ts, with each one's flag, concurrency and schedule) and hands this check the
// handlers it built; a kind with none or with two stops the process before anything starts.

/** One background job kind as listed in src/background.ts. */
export interface JobKind<Name extends string = string> {
  kind: Name;
  /** the configuration flag that turns it off in a process (null: every process runs it) */
  flag: string | null;
  /** how many of its jobs one process runs at once */
  concurrency: string;
  /** when it runs: a cron expression, or what wakes it */
  schedule: string;
  /** what queues and claims its work */
  queue: string;
}

/** Throws, naming every fault at once, when a kind has no handler or more than one, or a handler no kind. */
export function checkOneHandlerEach(kinds: readonly JobKind[], handlers: readonly { name: string }[]): void {
  const faults: string[] = [];
  const known = new Set(kinds.map((k) => k.kind));
  for (const { kind } of kinds) {
    const count = handlers.filter((h) => h.name === kind).length;
    if (count === 0) faults.push(`job kind ${kind} has no handler`);
    if (count > 1) faults.push(`job kind ${kind} has ${count} handlers`);
  }
  for (const name of new Set(handlers.map((h) => h.name))) if (!known.has(name)) faults.push(`handler ${name} is of no listed job kind`);
  for (const name of new Set(kinds.map((k) => k.kind)))
    if (kinds.filter((k) => k.kind === name).length > 1) faults.push(`job kind ${name} is listed twice`);
  if (faults.length) throw new Error(`the background runner cannot start: ${faults.join('; ')}`);
}

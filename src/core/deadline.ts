// A wait with a bound: the work's answer, or an error once the time is up (the work itself goes on, unheard).

/** `work`'s answer, or an Error(`message`) once `ms` have passed. */
export function withDeadline<T>(ms: number, work: Promise<T>, message: string): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const deadline = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(message)), ms);
  });
  return Promise.race([work, deadline]).finally(() => clearTimeout(timer));
}

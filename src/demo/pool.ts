// Runs task(0) ... task(count - 1) with at most `concurrency` in flight, in order of index. After a
// failure no new task starts; the tasks in flight finish before the first error is thrown.
export async function forEachLimit(count: number, concurrency: number, task: (index: number) => Promise<void>): Promise<void> {
  let next = 0;
  let failure: { error: unknown } | null = null;
  const lane = async () => {
    while (!failure && next < count) {
      const index = next++;
      try {
        await task(index);
      } catch (error) {
        failure ??= { error };
      }
    }
  };
  await Promise.all(Array.from({ length: Math.max(1, Math.min(concurrency, count)) }, lane));
  if (failure) throw (failure as { error: unknown }).error;
}

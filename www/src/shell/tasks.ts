// Work split into tasks, so that the page's main thread answers the reader
// (input, paint) between them: mounting every diagram of a page in one task
// blocks it for as long as all of them take together.

/** Resolves in a later task: the browser may handle input and paint first. */
export function nextTask(): Promise<void> {
  const scheduler = (globalThis as { scheduler?: { yield?: () => Promise<void> } }).scheduler;
  if (typeof scheduler?.yield === "function") return scheduler.yield();
  return new Promise((ok) => setTimeout(ok, 0));
}

let queue: Promise<void> = Promise.resolve();

/**
 * Runs `job` in a task of its own, after the jobs queued before it (one job
 * a task, in order). The promise settles as the job does; a job that throws
 * does not stop the ones after it.
 */
export function inOwnTask(job: () => void): Promise<void> {
  const done = queue.then(nextTask).then(job);
  queue = done.catch(() => undefined);
  return done;
}

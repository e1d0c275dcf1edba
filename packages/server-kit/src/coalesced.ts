/**
 * One run at a time per process for work every request triggers first (the CSAF provider's and OSV's
 * sync-on-request): a call that arrives while a run is under way waits for the next run — which starts
 * after the running one, so it sees what was written before the call came — shared by every call that
 * arrived meanwhile.
 */
export function coalesced(run: () => Promise<void>): () => Promise<void> {
  let running: Promise<void> | null = null;
  let queued: Promise<void> | null = null;
  const start = (): Promise<void> => {
    running = run().finally(() => {
      running = null;
    });
    return running;
  };
  return () => {
    if (queued) return queued;
    if (!running) return start();
    queued = running
      .catch(() => undefined)
      .then(() => {
        queued = null;
        return start();
      });
    return queued;
  };
}

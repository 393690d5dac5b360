// The pause of a background loop between turns, which the rest of the process can cut short: new work arrived,
// or the loop is stopping. The ingest worker and the background eraser both wait on one.
export class WakeablePause {
  private wakeUp: (() => void) | undefined;

  /** Resolves after `ms`, or at once when wake() is called meanwhile. */
  sleep(ms: number): Promise<void> {
    return new Promise((resolve) => {
      const done = () => {
        clearTimeout(timer);
        resolve();
      };
      const timer = setTimeout(done, ms);
      this.wakeUp = done;
    });
  }

  /** Ends the current pause, if any. */
  wake(): void {
    this.wakeUp?.();
  }
}

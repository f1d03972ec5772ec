/**
 * A scheduled function of the AWS stack (an EventBridge rule invoking a Lambda), run on a timer
 * in the local stack: first right after start, then every `everyMs`. A run never overlaps the
 * previous one (the next is timed from the end of the last), and a failed run is logged and left
 * to the next, as a failed scheduled invocation is on AWS after its retries.
 */
export interface Schedule {
  stop(): Promise<void>;
}

export function startSchedule(options: {
  name: string;
  everyMs: number;
  run: () => Promise<unknown>;
  log: (message: string, fields: Record<string, unknown>) => void;
}): Schedule {
  let timer: NodeJS.Timeout | undefined;
  let stopped = false;
  let running: Promise<void> = Promise.resolve();
  const tick = () => {
    running = options
      .run()
      .then(
        () => undefined,
        (error: unknown) => options.log('scheduled run failed', { schedule: options.name, error: String(error) }),
      )
      .finally(() => {
        if (!stopped) timer = setTimeout(tick, options.everyMs);
      });
  };
  timer = setTimeout(tick, 0);
  return {
    stop: async () => {
      stopped = true;
      clearTimeout(timer);
      await running;
    },
  };
}

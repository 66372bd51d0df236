/** PGlite runs in this thread and answers in microtasks: a long job lets waiting requests through between its steps. */
export const letRequestsThrough = (): Promise<void> => new Promise((resolve) => setImmediate(resolve));

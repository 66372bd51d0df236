/**
 * Calls made in the same turn of the event loop are answered by one call with all their inputs
 * (one query, one commit), so a burst of requests costs one round trip instead of one each; each
 * caller gets its own answer, or the batch's error.
 */
export class TickBatch<I, O> {
  #waiting: Array<{ input: I; resolve: (output: O) => void; reject: (error: unknown) => void }> = [];

  /** `run` answers every input, in order. */
  constructor(private readonly run: (inputs: I[]) => Promise<O[]>) {}

  call(input: I): Promise<O> {
    return new Promise((resolve, reject) => {
      if (this.#waiting.push({ input, resolve, reject }) === 1) setImmediate(() => void this.#flush());
    });
  }

  async #flush(): Promise<void> {
    const batch = this.#waiting.splice(0);
    try {
      const outputs = await this.run(batch.map((item) => item.input));
      batch.forEach((item, index) => item.resolve(outputs[index]!));
    } catch (error) {
      for (const item of batch) item.reject(error);
    }
  }
}

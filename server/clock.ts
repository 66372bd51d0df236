/** Time source of the server; tests pass their own to move time forward (token expiry). */
export interface Clock {
  now(): Date;
}

export const systemClock: Clock = { now: () => new Date() };

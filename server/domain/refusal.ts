/**
 * A refusal of the program (a rule, a referral, …) with its HTTP status and machine code: the
 * routes turn it into an API error. Each area refuses with its own subclass.
 */
export class Refusal extends Error {
  constructor(
    readonly status: number,
    message: string,
    readonly code: string,
  ) {
    super(message);
  }
}

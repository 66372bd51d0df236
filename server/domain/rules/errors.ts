/** A refusal of the rules engine with its HTTP status and machine code (routes turn it into an API error). */
export class RedeemError extends Error {
  constructor(
    readonly status: number,
    message: string,
    readonly code: string,
  ) {
    super(message);
  }
}

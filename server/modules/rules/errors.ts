import { Refusal } from '../../domain/refusal.ts';

/** A refusal of the rules engine with its HTTP status and machine code (routes turn it into an API error). */
export class RedeemError extends Refusal {}

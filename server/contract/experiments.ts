/** A/B experiments, their variants, beacons and results: the experiments module's contract. */
export * from '../modules/experiments/contract.ts';

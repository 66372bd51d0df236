/** VIP tiers, perks, settings, simulation and automatic discounts: the VIP module's contract. */
export * from '../modules/vip/contract.ts';

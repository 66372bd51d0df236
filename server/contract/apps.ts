/** Apps and integrations (the apps module's contract) and the order status settings (the rules' contract: every order earning rule keeps them). */
export * from '../modules/apps/contract.ts';
export { orderStatusSettings, orderStatusSettingsBody, PLATFORM_STATUSES, type OrderStatusSettingsRecord } from '../modules/rules/contract/order-statuses.ts';

export {
  adjustmentCap,
  findStoreBy,
  findStoresBy,
  findUserStore,
  listUserStores,
  rotateHmacSecret,
  updateStoreSettings,
  type StoreSettingsChange,
} from './stores.ts';
export { createChannel, listChannels, removeChannel } from './channels.ts';
export { saveOnboardingReward, type OnboardingReward } from './onboarding-reward.ts';
export { brandColourOf, loadBrandColour } from './brand.ts';

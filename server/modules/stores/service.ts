/** Stores: the tenant and its settings — users' stores, switching, channels, the brand colour, the languages, the program's words. */
export {
  adjustmentCap,
  findStoreBy,
  findStoresBy,
  findUserStore,
  listUserStores,
  rotateHmacSecret,
  storeCurrency,
  updateStoreSettings,
  type StoreSettingsChange,
} from './stores.ts';
export { createChannel, listChannels, removeChannel } from './channels.ts';
export { brandColourOf, loadBrandColour } from './brand.ts';
export { servedLanguage } from './languages.ts';
export { DEFAULT_WORDS, englishWording, programWords, type ProgramWords } from './words.ts';
export { onSecretRotated, type SecretRotatedHook } from './hooks.ts';

/** The BuilderApi for components deep in the studio (gallery, icons, history). */
import { createContext, useContext } from 'react';
import type { BuilderApi } from '../api.ts';

export const BuilderApiContext = createContext<BuilderApi | null>(null);

export function useBuilderApi(): BuilderApi {
  const api = useContext(BuilderApiContext);
  if (!api) throw new Error('useBuilderApi needs a BuilderApiContext provider');
  return api;
}

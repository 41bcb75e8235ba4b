import { createContext, useContext } from 'react';
import { type AreaLoader } from './federation';

export const LoaderContext = createContext<AreaLoader | null>(null);

export function useAreaLoader(): AreaLoader {
  const loader = useContext(LoaderContext);
  if (!loader) throw new Error('useAreaLoader: no LoaderContext above this component');
  return loader;
}

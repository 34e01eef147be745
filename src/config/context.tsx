import { createContext, useContext, type ReactNode } from 'react';
import { DEFAULT_CONFIG } from './defaults.ts';
import type { AppConfig } from './types.ts';

const ConfigContext = createContext<AppConfig>(DEFAULT_CONFIG);

export function ConfigProvider({ config, children }: { config: AppConfig; children: ReactNode }) {
  return <ConfigContext.Provider value={config}>{children}</ConfigContext.Provider>;
}

/** The validated configuration of the running app. */
export function useConfig(): AppConfig {
  return useContext(ConfigContext);
}

import type { UserConfig } from './config-schema';

/** Identity function that gives `docs-build.config.ts` its types. */
export function defineConfig(config: UserConfig): UserConfig {
  return config;
}

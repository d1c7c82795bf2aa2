export { SiteBuilder, type BuildOptions, type BuildResult } from './dev/site-builder';
export { defineConfig } from './config/define-config';
export type { UserConfig } from './config/config-schema';
export { formatDiagnostic, sortDiagnostics } from './diagnostics/format-diagnostic';
export { consoleLogger, silentLogger, formatMs, type Logger } from './task';
export type { Diagnostic } from '../shared/diagnostic';

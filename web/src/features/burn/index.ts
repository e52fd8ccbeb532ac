export { ExtensionClient, helperErrorText } from './extension-client.ts';
export { burnBrowser, burnSupport, burnSystem, BURN_COMPATIBILITY_NOTE, BURN_SYSTEMS, type BurnSupport } from './install/burn-compat.ts';
export { canOpenWindow, readiness, type Readiness } from './versions.ts';
export { useBurnTools, type BurnTools } from './useBurnTools.ts';

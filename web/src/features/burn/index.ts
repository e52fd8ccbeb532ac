export { ExtensionClient, helperErrorText } from './extension-client.ts';
export { canOpenWindow, readiness, type Readiness } from './versions.ts';
export { useBurnTools, type BurnTools } from './useBurnTools.ts';

/** The Burn DVD flow (burn-flow.ts) in Debian's Chromium with the unpacked Chrome build. */
import { burnFlowSuite } from './burn-flow.ts';

burnFlowSuite('chromium', 'Walter "Walt" Brennan');

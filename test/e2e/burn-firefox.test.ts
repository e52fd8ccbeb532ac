/** The Burn DVD flow (burn-flow.ts) in Debian's firefox-esr with the .xpi the server offers. */
import { burnFlowSuite } from './burn-flow.ts';

burnFlowSuite('firefox', 'Harriet "Hattie" Moss');

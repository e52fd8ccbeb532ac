/** The burn faults (burn-faults.ts) in Debian's firefox-esr with the .xpi the server offers. */
import { burnFaultsSuite } from './burn-faults.ts';

burnFaultsSuite('firefox', { first: 'Agnes "Aggie" Lindqvist', second: 'Oskar Lindqvist' });

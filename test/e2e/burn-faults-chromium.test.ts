/** The burn faults (burn-faults.ts) in Debian's Chromium with the unpacked Chrome build. */
import { burnFaultsSuite } from './burn-faults.ts';

burnFaultsSuite('chromium', { first: 'Margaret "Peggy" Olsen', second: 'Harold Olsen' });

/**
 * A certificate authority made for one test and a server certificate it signed for 127.0.0.1, with openssl (Debian's
 * ca-certificates depends on it): what an https front needs and what a browser is told to trust (firefox-esr through
 * the policies.json Certificates.Install policy, which adds a CA to its store; a self-signed leaf would be refused as
 * a CA used as an end entity).
 */
import { execFileSync } from 'node:child_process';
import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import type { TlsIdentity } from './burn-app.ts';

export interface TestCertificates extends TlsIdentity {
  /** The CA's certificate (PEM file) for the browser's trust store. */
  caFile: string;
}

/** Makes the CA and the 127.0.0.1 certificate in dir (valid two days). */
export function makeTestCertificates(dir: string): TestCertificates {
  const file = (name: string) => path.join(dir, name);
  const openssl = (...args: string[]) => execFileSync('openssl', args, { stdio: ['ignore', 'pipe', 'pipe'] });
  openssl(
    'req', '-x509', '-newkey', 'rsa:2048', '-nodes', '-days', '2', '-subj', '/CN=Tribute test CA',
    '-addext', 'basicConstraints=critical,CA:TRUE', '-addext', 'keyUsage=critical,keyCertSign,cRLSign',
    '-keyout', file('ca.key'), '-out', file('ca.pem'),
  );
  openssl('req', '-newkey', 'rsa:2048', '-nodes', '-subj', '/CN=127.0.0.1', '-keyout', file('server.key'), '-out', file('server.csr'));
  writeFileSync(
    file('server.ext'),
    ['basicConstraints=CA:FALSE', 'keyUsage=critical,digitalSignature,keyEncipherment', 'extendedKeyUsage=serverAuth', 'subjectAltName=IP:127.0.0.1', ''].join('\n'),
  );
  openssl(
    'x509', '-req', '-in', file('server.csr'), '-CA', file('ca.pem'), '-CAkey', file('ca.key'), '-CAcreateserial', '-days', '2',
    '-extfile', file('server.ext'), '-out', file('server.pem'),
  );
  return { key: readFileSync(file('server.key'), 'utf8'), cert: readFileSync(file('server.pem'), 'utf8'), caFile: file('ca.pem') };
}

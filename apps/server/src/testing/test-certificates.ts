import { generateKeyPairSync } from 'node:crypto';
import forge from 'node-forge';

export type Pem = { key: string; cert: string };

const DAY = 24 * 60 * 60 * 1000;

/** A key pair made by Node (fast, native), in the form node-forge signs with. */
function keyPair() {
  const { privateKey, publicKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });
  const keyPem = privateKey.export({ type: 'pkcs8', format: 'pem' }).toString();
  return {
    keyPem,
    privateKey: forge.pki.privateKeyFromPem(keyPem) as forge.pki.rsa.PrivateKey,
    publicKey: forge.pki.publicKeyFromPem(
      publicKey.export({ type: 'spki', format: 'pem' }).toString(),
    ),
  };
}

let serial = 1;

function baseCertificate(publicKey: forge.pki.PublicKey, notBefore: Date, notAfter: Date) {
  const cert = forge.pki.createCertificate();
  cert.publicKey = publicKey;
  serial += 1;
  cert.serialNumber = (0x10000000 + serial).toString(16); // DER: no leading zero byte
  cert.validity.notBefore = notBefore;
  cert.validity.notAfter = notAfter;
  return cert;
}

/** A private root CA, as TLS_CA_FILE would name. */
export function makeTestCa(
  name = 'SCMP Test CA',
): Pem & { sign: forge.pki.rsa.PrivateKey; subject: forge.pki.CertificateField[] } {
  const pair = keyPair();
  const cert = baseCertificate(
    pair.publicKey,
    new Date(Date.now() - DAY),
    new Date(Date.now() + 3650 * DAY),
  );
  const subject = [
    { name: 'commonName', value: name },
    { name: 'organizationName', value: name },
  ];
  cert.setSubject(subject);
  cert.setIssuer(subject);
  cert.setExtensions([
    { name: 'basicConstraints', cA: true, critical: true },
    { name: 'keyUsage', keyCertSign: true, cRLSign: true, critical: true },
  ]);
  cert.sign(pair.privateKey, forge.md.sha256.create());
  return {
    key: pair.keyPem,
    cert: forge.pki.certificateToPem(cert),
    sign: pair.privateKey,
    subject,
  };
}

/** A server certificate for `names`, signed by `ca`, valid between the two dates. */
export function makeServerCertificate(
  ca: ReturnType<typeof makeTestCa>,
  names: string[],
  validity: { notBefore?: Date; notAfter: Date },
): Pem {
  const pair = keyPair();
  const cert = baseCertificate(
    pair.publicKey,
    validity.notBefore ?? new Date(Date.now() - DAY),
    validity.notAfter,
  );
  cert.setSubject([{ name: 'commonName', value: names[0] ?? 'server' }]);
  cert.setIssuer(ca.subject);
  cert.setExtensions([
    { name: 'basicConstraints', cA: false },
    { name: 'keyUsage', digitalSignature: true, keyEncipherment: true },
    { name: 'extKeyUsage', serverAuth: true },
    { name: 'subjectAltName', altNames: names.map((value) => ({ type: 2, value })) },
  ]);
  cert.sign(ca.sign, forge.md.sha256.create());
  return { key: pair.keyPem, cert: forge.pki.certificateToPem(cert) };
}

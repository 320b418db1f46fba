// The SMTP server down for a while: e-mails queue in the outbox and are delivered when it returns,
// none twice. A local smtp-server records every message (Message-ID and recipient).
import { SMTPServer } from 'smtp-server';
import { api, check, sleep } from './lib.mjs';

/** A recording SMTP server that can be stopped and started again on the same port. */
export function createMailSink(port) {
  const received = [];
  let server;
  const sink = {
    received,
    url: `smtp://127.0.0.1:${port}`,
    start: () =>
      new Promise((resolve, reject) => {
        server = new SMTPServer({
          authOptional: true,
          disabledCommands: ['AUTH', 'STARTTLS'],
          logger: false,
          onData(stream, session, callback) {
            let raw = '';
            stream.on('data', (chunk) => (raw += chunk.toString('utf8')));
            stream.on('end', () => {
              received.push({
                at: Date.now(),
                to: session.envelope.rcptTo.map((r) => r.address).join(','),
                messageId: /^Message-ID:\s*(.+)$/im.exec(raw)?.[1]?.trim() ?? '',
                subject: /^Subject:\s*(.+)$/im.exec(raw)?.[1]?.trim() ?? '',
              });
              callback();
            });
          },
        });
        server.once('error', reject);
        server.listen(port, '127.0.0.1', () => resolve());
      }),
    stop: () => new Promise((resolve) => (server ? server.close(() => resolve()) : resolve())),
  };
  return sink;
}

/**
 * `server` was started with SMTP_URL = sink.url and the sink running; `users` have accounts.
 * While the sink is down each user asks for a password reset; the messages must arrive once
 * each after it is back.
 */
export async function smtpScenario({
  server,
  sink,
  users,
  downMs = 3000,
  deliverWithinMs = 40_000,
}) {
  await sink.stop();
  const stoppedAt = Date.now();
  const requested = [];
  for (const [i, user] of users.entries()) {
    const res = await api(server.url, 'POST', '/api/v1/auth/forgot-password', {
      ip: `10.252.0.${i + 1}`,
      body: { email: user.email },
    });
    if (res.status === 200) requested.push(user.email);
  }
  await sleep(Math.max(0, downMs - (Date.now() - stoppedAt)));
  const duringOutage = sink.received.filter((m) => m.at >= stoppedAt).length;
  await sink.start();
  const backAt = Date.now();

  const resetMails = () =>
    sink.received.filter((m) => m.at >= backAt && /reset your password/i.test(m.subject));
  while (Date.now() - backAt < deliverWithinMs) {
    const got = new Set(resetMails().map((m) => m.to));
    if (requested.every((email) => got.has(email))) break;
    await sleep(250);
  }
  const deliveredMs = Date.now() - backAt;
  await sleep(2500); // a few more worker rounds: anything sent twice would show up now
  const delivered = new Set(resetMails().map((m) => m.to));
  const missing = requested.filter((email) => !delivered.has(email));
  const ids = sink.received.map((m) => m.messageId).filter(Boolean);
  const duplicates = ids.filter((id, i) => ids.indexOf(id) !== i);
  const perRecipient = requested.filter(
    (email) => resetMails().filter((m) => m.to === email).length > 1,
  );

  return [
    check(
      'e-mails queue while the SMTP server is down',
      requested.length === users.length && duringOutage === 0,
      `${requested.length} password-reset e-mails requested during a ${downMs} ms outage, ${duringOutage} received meanwhile`,
    ),
    check(
      'delivered when it returns',
      missing.length === 0,
      `${requested.length - missing.length}/${requested.length} delivered ${missing.length ? '' : `within ${deliveredMs} ms `}after the server came back`,
    ),
    check(
      'none twice',
      duplicates.length === 0 && perRecipient.length === 0,
      `${ids.length} messages received in all, ${duplicates.length} duplicate Message-IDs`,
    ),
  ];
}

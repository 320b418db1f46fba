import { SMTPServer } from 'smtp-server';
import { freePort } from './free-port';

export type ReceivedMail = { to: string[]; raw: string };

export type SmtpRecorder = {
  port: number;
  /** Every message accepted, in order: its envelope recipients and its raw text. */
  received: ReceivedMail[];
  /** The envelope recipients of every message accepted, in order. */
  recipients: () => string[];
  /** The Subject header of every message accepted, in order. */
  subjects: () => string[];
  close: () => Promise<void>;
};

/** A real SMTP server on loopback (`port`, else a free one) that records what it accepts. */
export async function startSmtpRecorder(port?: number): Promise<SmtpRecorder> {
  const listenOn = port ?? (await freePort());
  const received: ReceivedMail[] = [];
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['AUTH', 'STARTTLS'],
    logger: false,
    onData(stream, session, callback) {
      let raw = '';
      stream.on('data', (chunk: Buffer) => (raw += chunk.toString('utf8')));
      stream.on('end', () => {
        received.push({ to: session.envelope.rcptTo.map((r) => r.address), raw });
        callback();
      });
    },
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(listenOn, '127.0.0.1', () => resolve());
  });
  return {
    port: listenOn,
    received,
    recipients: () => received.flatMap((m) => m.to),
    subjects: () => received.map((m) => /^Subject: (.*)$/m.exec(m.raw)?.[1]?.trim() ?? ''),
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

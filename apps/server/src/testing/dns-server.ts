import dns2 from 'dns2';

const { Packet } = dns2;

type RecordType = 'A' | 'AAAA' | 'CNAME' | 'TXT';
const TYPE_CODES: Record<RecordType, number> = {
  A: Packet.TYPE.A,
  AAAA: Packet.TYPE.AAAA,
  CNAME: Packet.TYPE.CNAME,
  TXT: Packet.TYPE.TXT,
};

export type TestDnsServer = {
  /** `127.0.0.1:<port>`, for DNS_SERVERS. */
  address: string;
  port: number;
  /** Replaces the records of one name and type. */
  set: (name: string, type: RecordType, values: string[]) => void;
  /** Removes one type of a name, or all of its records. */
  remove: (name: string, type?: RecordType) => void;
  clear: () => void;
  /** While true the server reads queries and never answers (a resolver timeout). */
  silent: (on: boolean) => void;
  /** Names asked, newest last. */
  asked: string[];
  close: () => Promise<void>;
};

/**
 * A real DNS server on loopback (UDP and TCP, the dns2 package) answering from an in-memory zone
 * the test edits: exact name and type, NXDOMAIN for names it has nothing for.
 */
export async function startTestDnsServer(port = 0): Promise<TestDnsServer> {
  const zone = new Map<string, string[]>();
  const key = (name: string, type: RecordType) =>
    `${name.toLowerCase().replace(/\.$/, '')}|${type}`;
  let quiet = false;
  const asked: string[] = [];

  const server = dns2.createServer({
    udp: true,
    tcp: true,
    handle: (request, send) => {
      const response = Packet.createResponseFromRequest(request);
      const [question] = request.questions;
      if (!question) return send(response);
      asked.push(question.name);
      if (quiet) return;
      const name = question.name.toLowerCase().replace(/\.$/, '');
      const type = (Object.keys(TYPE_CODES) as RecordType[]).find(
        (t) => TYPE_CODES[t] === question.type,
      );
      const known = [...zone.keys()].some((k) => k.startsWith(`${name}|`));
      if (!known) {
        response.header.rcode = Packet.RCODE.NXDOMAIN;
        return send(response);
      }
      for (const value of type ? (zone.get(key(name, type)) ?? []) : []) {
        const base = {
          name: question.name,
          type: TYPE_CODES[type!],
          class: Packet.CLASS.IN,
          ttl: 1,
        };
        if (type === 'A' || type === 'AAAA')
          response.answers.push({ ...base, address: value } as never);
        else if (type === 'CNAME') response.answers.push({ ...base, domain: value } as never);
        else response.answers.push({ ...base, data: value } as never);
      }
      send(response);
    },
  });
  const listening = await server.listen({
    udp: { port, address: '127.0.0.1', type: 'udp4' },
    tcp: { port, address: '127.0.0.1' },
  } as never);
  void listening;
  const udpPort = (server.addresses() as { udp?: { port: number } }).udp?.port ?? port;
  return {
    address: `127.0.0.1:${udpPort}`,
    port: udpPort,
    set: (name, type, values) => zone.set(key(name, type), values),
    remove: (name, type) => {
      const n = name.toLowerCase();
      for (const k of [...zone.keys()])
        if (type ? k === key(n, type) : k.startsWith(`${n}|`)) zone.delete(k);
    },
    clear: () => zone.clear(),
    silent: (on) => {
      quiet = on;
    },
    asked,
    close: () => server.close() as unknown as Promise<void>,
  };
}

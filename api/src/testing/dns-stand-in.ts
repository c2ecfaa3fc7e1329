import { createSocket } from 'node:dgram';
import type { AddressInfo } from 'node:net';
import dnsPacket from 'dns-packet';

const NXDOMAIN = 3;
const SERVFAIL = 2;

/**
 * A real DNS server on a loopback UDP port that answers TXT questions from `records` (a name
 * in lower case → its TXT records), A questions from `addresses` (a name → its IPv4 address or
 * null, when given), NXDOMAIN for other names, and SERVFAIL for everything while `failing` is
 * set. Point DNS_SERVERS (config.dnsServers) at `server`.
 */
export async function startDnsStandIn(
  addresses: (name: string) => string | null = () => null,
): Promise<{
  server: string;
  records: Map<string, string[]>;
  setFailing: (isFailing: boolean) => void;
  /** The names asked about, in order. */
  questions: string[];
  close: () => Promise<void>;
}> {
  const records = new Map<string, string[]>();
  const questions: string[] = [];
  let isFailing = false;
  const socket = createSocket('udp4');
  socket.on('message', (message, peer) => {
    let query: ReturnType<typeof dnsPacket.decode>;
    try {
      query = dnsPacket.decode(message);
    } catch {
      return;
    }
    const question = query.questions?.[0];
    const name = question?.name.toLowerCase() ?? '';
    questions.push(name);
    const values = question?.type === 'TXT' ? records.get(name) : undefined;
    const address = addresses(name);
    const rcode = isFailing ? SERVFAIL : records.has(name) || address ? 0 : NXDOMAIN;
    const txt = (values ?? []).map((value) => ({
      type: 'TXT' as const,
      name: question!.name,
      ttl: 1,
      class: 'IN' as const,
      // Long values go as several strings of at most 255 bytes, as real servers do.
      data: value.match(/.{1,255}/gs) ?? [''],
    }));
    const a =
      question?.type === 'A' && address
        ? [{ type: 'A' as const, name: question.name, ttl: 1, class: 'IN' as const, data: address }]
        : [];
    const answer = dnsPacket.encode({
      type: 'response',
      id: query.id,
      flags: dnsPacket.AUTHORITATIVE_ANSWER | dnsPacket.RECURSION_AVAILABLE | rcode,
      questions: query.questions,
      answers: isFailing ? [] : [...txt, ...a],
    });
    socket.send(answer, peer.port, peer.address);
  });
  await new Promise<void>((resolve) => socket.bind(0, '127.0.0.1', resolve));
  const { port } = socket.address() as AddressInfo;
  return {
    server: `127.0.0.1:${port}`,
    records,
    setFailing: (failing) => {
      isFailing = failing;
    },
    questions,
    close: () => new Promise<void>((resolve) => socket.close(() => resolve())),
  };
}

import { type ParsedMail, simpleParser } from 'mailparser';
import { SMTPServer } from 'smtp-server';
import { freePort } from '../../packages/server/src/cluster/ports.ts';

export interface ReceivedMail {
  to: string[];
  subject: string;
  text: string;
  html: string;
}

export interface Mailbox {
  /** For the server's SMTP_URL. */
  url: string;
  readonly received: ReceivedMail[];
  /** The first message to `to` that arrives after `since` messages (default: any), or a timeout error. */
  waitForMail(to: string, opts?: { timeoutMs?: number; since?: number }): Promise<ReceivedMail>;
  close(): Promise<void>;
}

function addresses(mail: ParsedMail): string[] {
  const list = Array.isArray(mail.to) ? mail.to : mail.to ? [mail.to] : [];
  return list.flatMap((a) => a.value.map((v) => (v.address ?? '').toLowerCase()));
}

/**
 * A real SMTP server on a free port: the app sends through nodemailer exactly as it would in production,
 * and every message is parsed with mailparser.
 */
export async function startMailbox(): Promise<Mailbox> {
  const received: ReceivedMail[] = [];
  const waiters = new Set<() => void>();
  const server = new SMTPServer({
    authOptional: true,
    // Plain SMTP on localhost; advertising STARTTLS would make nodemailer upgrade with a self-signed cert.
    disabledCommands: ['STARTTLS'],
    logger: false,
    onData(stream, _session, callback) {
      simpleParser(stream)
        .then((mail) => {
          received.push({
            to: addresses(mail),
            subject: mail.subject ?? '',
            text: mail.text ?? '',
            html: typeof mail.html === 'string' ? mail.html : '',
          });
          for (const wake of waiters) wake();
          callback();
        })
        .catch((err: Error) => callback(err));
    },
  });
  const port = await freePort();
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, '127.0.0.1', () => resolve());
  });

  return {
    url: `smtp://127.0.0.1:${port}`,
    received,
    waitForMail(to, { timeoutMs = 15_000, since = 0 } = {}) {
      const wanted = to.toLowerCase();
      const find = () => received.slice(since).find((m) => m.to.includes(wanted));
      return new Promise((resolve, reject) => {
        const check = () => {
          const mail = find();
          if (!mail) return;
          cleanup();
          resolve(mail);
        };
        const timer = setTimeout(() => {
          cleanup();
          const seen = received.map((m) => `${m.to.join(',')}: ${m.subject}`).join('; ') || 'none';
          reject(new Error(`no mail to ${to} within ${timeoutMs} ms (received: ${seen})`));
        }, timeoutMs);
        const cleanup = () => {
          clearTimeout(timer);
          waiters.delete(check);
        };
        waiters.add(check);
        check();
      });
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/** The first http(s) link in a message's text (or its html when the text has none). */
export function firstLink(mail: ReceivedMail, containing = ''): string {
  const links = `${mail.text}\n${mail.html}`.match(/https?:\/\/[^\s"'<>]+/g) ?? [];
  const link = links.find((l) => l.includes(containing));
  if (!link) throw new Error(`no link containing "${containing}" in mail "${mail.subject}":\n${mail.text}`);
  return link;
}

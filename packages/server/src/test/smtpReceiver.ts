import type { AddressInfo } from 'node:net';
import { type ParsedMail, simpleParser } from 'mailparser';
import { SMTPServer } from 'smtp-server';

export interface ReceivedMessage {
  /** The envelope's sender. */
  from: string | undefined;
  /** The envelope's recipients. */
  to: string[];
  mail: ParsedMail;
}

export interface SmtpReceiver {
  /** For SMTP_URL. */
  url: string;
  readonly received: ReceivedMessage[];
  close(): Promise<void>;
}

/**
 * A real SMTP server on a free local port: the app sends through nodemailer as in production and each message is
 * parsed with mailparser. `refuse`, asked for each message, turns it away with a temporary failure (451) instead.
 */
export async function startSmtpReceiver(options: { refuse?: () => boolean } = {}): Promise<SmtpReceiver> {
  const received: ReceivedMessage[] = [];
  const server = new SMTPServer({
    authOptional: true,
    // Plain SMTP on localhost; advertising STARTTLS would make nodemailer upgrade with a self-signed cert.
    disabledCommands: ['STARTTLS'],
    logger: false,
    onData(stream, session, callback) {
      simpleParser(stream)
        .then((mail) => {
          if (options.refuse?.()) {
            callback(Object.assign(new Error('Mailbox busy, try later'), { responseCode: 451 }));
            return;
          }
          received.push({
            from: session.envelope.mailFrom ? session.envelope.mailFrom.address : undefined,
            to: session.envelope.rcptTo.map((r) => r.address),
            mail,
          });
          callback();
        })
        .catch(callback);
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.server.address() as AddressInfo;
  return {
    url: `smtp://127.0.0.1:${port}`,
    received,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

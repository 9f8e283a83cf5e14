import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import nodemailer from 'nodemailer';

export interface MailMessage {
  to: string;
  subject: string;
  text: string;
  html?: string;
}

export interface Mailer {
  send(message: MailMessage): Promise<void>;
  /** Where messages go: 'smtp' or the outbox folder. */
  readonly target: string;
}

/**
 * SMTP when `smtpUrl` is set; otherwise every message is written to `<dataDir>/outbox/` as an
 * .eml file (what would have been sent) and a .json file (easy to read for people and tests),
 * and its links are logged, so password reset works on a laptop.
 */
export function createMailer(opts: {
  smtpUrl: string | null;
  from: string;
  outboxDir: string;
  log: (msg: string) => void;
}): Mailer {
  if (opts.smtpUrl) {
    const transport = nodemailer.createTransport(opts.smtpUrl);
    return {
      target: 'smtp',
      async send(m) {
        await transport.sendMail({ from: opts.from, ...m });
      },
    };
  }
  const transport = nodemailer.createTransport({ streamTransport: true, buffer: true, newline: 'unix' });
  let counter = 0;
  return {
    target: opts.outboxDir,
    async send(m) {
      mkdirSync(opts.outboxDir, { recursive: true });
      const info = await transport.sendMail({ from: opts.from, ...m });
      const stamp = new Date().toISOString().replace(/[:.]/g, '-');
      const base = `${stamp}-${process.pid}-${++counter}`;
      writeFileSync(join(opts.outboxDir, `${base}.eml`), info.message as Buffer);
      writeFileSync(
        join(opts.outboxDir, `${base}.json`),
        JSON.stringify({ from: opts.from, ...m, sentAt: new Date().toISOString() }, null, 2),
      );
      const links = m.text.match(/https?:\/\/\S+/g) ?? [];
      opts.log(`Mail to ${m.to} "${m.subject}" written to outbox/${base}.eml${links.length ? ` — link: ${links.join(' ')}` : ''}`);
    },
  };
}

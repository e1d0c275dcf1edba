// For tests: a real SMTP server (smtp-server) on 127.0.0.1 and a free port, parsing what arrives with
// mailparser. `reject` makes it refuse every message (a 5xx after DATA) to exercise retries.
import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';
import { type ParsedMail, simpleParser } from 'mailparser';

export interface SmtpSink {
  url: string;
  inbox: ParsedMail[];
  /** Messages refused while `reject` was on. */
  refused: number;
  reject: boolean;
  /** Resolves once the inbox holds at least n messages (or rejects after timeoutMs). */
  waitFor(n: number, timeoutMs?: number): Promise<ParsedMail[]>;
  close(): Promise<void>;
}

export async function startSmtpSink(
  options: { user?: string; password?: string; reject?: boolean } = {},
): Promise<SmtpSink> {
  const waiters: (() => boolean)[] = [];
  const sink: SmtpSink = {
    url: '',
    inbox: [],
    refused: 0,
    reject: options.reject ?? false,
    waitFor(n, timeoutMs = 10_000) {
      return new Promise((resolve, reject) => {
        const check = () => {
          if (sink.inbox.length >= n) {
            clearTimeout(timer);
            resolve(sink.inbox);
            return true;
          }
          return false;
        };
        const timer = setTimeout(
          () => reject(new Error(`expected ${n} messages, got ${sink.inbox.length}`)),
          timeoutMs,
        );
        if (!check()) waiters.push(check);
      });
    },
    close: async () => {},
  };
  const server = new SMTPServer({
    secure: false,
    disabledCommands: options.user ? ['STARTTLS'] : ['STARTTLS', 'AUTH'],
    authOptional: !options.user,
    allowInsecureAuth: true,
    logger: false,
    onAuth(auth, _session, callback) {
      if (auth.username === options.user && auth.password === options.password) {
        callback(null, { user: auth.username });
      } else callback(new Error('Invalid username or password'));
    },
    onData(stream, _session, callback) {
      if (sink.reject) {
        stream.resume();
        stream.on('end', () => {
          sink.refused++;
          const error = new Error('Mailbox unavailable (test refusal)') as Error & { responseCode: number };
          error.responseCode = 550;
          callback(error);
        });
        return;
      }
      simpleParser(stream).then(
        (mail) => {
          sink.inbox.push(mail);
          callback();
          for (const w of waiters.splice(0)) if (!w()) waiters.push(w);
        },
        (error: Error) => callback(error),
      );
    },
  });
  // A client that dies mid-session (bench:replicas kills a replica with SIGKILL) resets its connection; the
  // server reports that as an 'error' event, which would otherwise end the whole process.
  server.on('error', () => {});
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.server.address() as AddressInfo;
  const auth = options.user
    ? `${encodeURIComponent(options.user)}:${encodeURIComponent(options.password ?? '')}@`
    : '';
  sink.url = `smtp://${auth}127.0.0.1:${port}`;
  sink.close = () => new Promise<void>((resolve) => server.close(() => resolve()));
  return sink;
}

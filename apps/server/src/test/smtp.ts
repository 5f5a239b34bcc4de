import type { AddressInfo } from "node:net";
import { SMTPServer } from "smtp-server";

interface ReceivedMail {
  from: string;
  to: string[];
  user: string | undefined;
  data: string;
}

/**
 * A real SMTP server (smtp-server, from Nodemailer's authors) on a free port of 127.0.0.1, without TLS, that
 * takes one user's password and keeps what it receives: the far end of the forum's mail in tests.
 */
export async function startSmtpServer(account: { user: string; password: string }) {
  const received: ReceivedMail[] = [];
  const server = new SMTPServer({
    authOptional: false,
    allowInsecureAuth: true,
    disabledCommands: ["STARTTLS"],
    logger: false,
    onAuth(auth, _session, callback) {
      if (auth.username === account.user && auth.password === account.password) callback(null, { user: auth.username });
      else callback(new Error("Invalid username or password"));
    },
    onData(stream, session, callback) {
      let data = "";
      stream.setEncoding("utf8");
      stream.on("data", (chunk: string) => (data += chunk));
      stream.on("end", () => {
        received.push({
          from: session.envelope.mailFrom ? session.envelope.mailFrom.address : "",
          to: session.envelope.rcptTo.map((rcpt) => rcpt.address),
          user: session.user as string | undefined,
          data,
        });
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const port = (server.server.address() as AddressInfo).port;
  return { received, port, close: () => new Promise<void>((resolve) => server.close(() => resolve())) };
}

import { type AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';
import { smtpEmail, smtpSettings } from './smtp-email';

/**
 * The SMTP adapter against a real SMTP server on loopback (smtp-server, from the makers of
 * nodemailer): the message arrives from SMTP_FROM to the customer with its text and HTML parts,
 * and a refused delivery throws (so the message job is retried).
 */
describe('the SMTP e-mail adapter', () => {
  let server: SMTPServer;
  let port = 0;
  const received: { from: string; to: string[]; raw: string }[] = [];
  let refuse = false;
  const saved = { url: process.env.SMTP_URL, from: process.env.SMTP_FROM };

  beforeAll(async () => {
    server = new SMTPServer({
      authOptional: true,
      disabledCommands: ['STARTTLS'],
      onRcptTo(address, _session, callback) {
        callback(refuse ? Object.assign(new Error('Mailbox unavailable'), { responseCode: 550 }) : undefined);
      },
      onData(stream, session, callback) {
        let raw = '';
        stream.on('data', (chunk: Buffer) => (raw += chunk.toString('utf8')));
        stream.on('end', () => {
          received.push({ from: session.envelope.mailFrom ? session.envelope.mailFrom.address : '', to: session.envelope.rcptTo.map((r) => r.address), raw });
          callback();
        });
      },
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    port = (server.server.address() as AddressInfo).port;
    process.env.SMTP_URL = `smtp://127.0.0.1:${port}`;
    process.env.SMTP_FROM = 'Eyewear <orders@eyewear.example>';
  });
  afterAll(async () => {
    process.env.SMTP_URL = saved.url;
    process.env.SMTP_FROM = saved.from;
    if (saved.url === undefined) delete process.env.SMTP_URL;
    if (saved.from === undefined) delete process.env.SMTP_FROM;
    await new Promise<void>((resolve) => server.close(() => resolve()));
  });

  it('reads its settings from SMTP_URL and SMTP_FROM, and needs both', () => {
    expect(smtpSettings({ SMTP_URL: 'smtp://x:25' })).toBeNull();
    expect(smtpSettings({ SMTP_URL: ' smtp://x:25 ', SMTP_FROM: 'a@b.example' })).toEqual({ url: 'smtp://x:25', from: 'a@b.example' });
  });

  it('delivers the message with its text and HTML parts', async () => {
    await smtpEmail.send(null as never, {
      channel: 'email',
      to: 'asha@example.com',
      subject: 'Your order #1234 is placed: ₹1,499',
      body: 'Hi Asha, your order #1234 is placed.',
      html: '<html><body><p>Hi Asha, your order <b>#1234</b> is placed.</p></body></html>',
    });
    expect(received).toHaveLength(1);
    const [mail] = received;
    expect(mail!.from).toBe('orders@eyewear.example');
    expect(mail!.to).toEqual(['asha@example.com']);
    expect(mail!.raw).toMatch(/Content-Type: text\/plain/);
    expect(mail!.raw).toMatch(/Content-Type: text\/html/);
    expect(mail!.raw).toContain('your order #1234 is placed.');
  });

  it('throws when the server refuses, so the job is retried', async () => {
    refuse = true;
    try {
      await expect(smtpEmail.send(null as never, { channel: 'email', to: 'nobody@example.com', subject: 'x', body: 'x' })).rejects.toThrow(/550|Mailbox/);
    } finally {
      refuse = false;
    }
  });
});

import { keepSimulated, printSimulated, type Notifier } from './notifier';

/** The simulated e-mail gateway: nothing leaves the machine; the mail is kept and printed. */
export const simulatedEmail: Notifier = {
  channel: 'email',
  provider: 'simulated',
  inDatabase: true,
  async send(db, message) {
    await keepSimulated(db, message);
    printSimulated(`[simulated e-mail to ${message.to}] ${message.subject ?? '(no subject)'}: ${message.body}`);
  },
};

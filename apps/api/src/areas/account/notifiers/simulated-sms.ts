import { keepSimulated, printSimulated, type Notifier } from './notifier';

/** The simulated SMS gateway: nothing leaves the machine; the text is kept and printed. */
export const simulatedSms: Notifier = {
  channel: 'sms',
  provider: 'simulated',
  inDatabase: true,
  async send(db, message) {
    await keepSimulated(db, message);
    printSimulated(`[simulated SMS to ${message.to}] ${message.body}`);
  },
};

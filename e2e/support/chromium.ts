/** Debian's Chromium (TOOLCHAIN.md trap 16); Playwright's own download cannot work here. */
export const chromiumPath = process.env.CHROME_PATH || '/usr/bin/chromium';

export const chromiumArgs = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-dev-shm-usage',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
  '--disable-quic',
];

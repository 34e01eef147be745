// Makes sure Debian's Chromium is there for the browser tests; installs it when we may.
import { execSync } from 'node:child_process';
import { existsSync } from 'node:fs';

const chromium = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
if (!existsSync(chromium)) {
  if (process.getuid?.() !== 0) {
    console.error(`Chromium ontbreekt (${chromium}). Installeer het met: sudo apt-get install -y chromium`);
    process.exit(1);
  }
  console.log('Chromium ontbreekt: installeren met apt-get …');
  execSync('apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq chromium fonts-dejavu-core', {
    stdio: 'inherit',
  });
}

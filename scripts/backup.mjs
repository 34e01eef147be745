// `npm run backup [-- <folder>]` and `npm run restore -- <folder>` (docs/operations.md, "Back-ups").
// In development through the TypeScript sources; with NODE_ENV=production (or without the
// development dependencies) the built tool in build/server (`npm run build`), by Node alone.
import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const built = path.join(root, 'build', 'server', 'backup.js');
const sources = path.join(root, 'server', 'src', 'backup', 'cli.ts');
const hasTsx = existsSync(path.join(root, 'node_modules', 'tsx'));
const useBuilt = process.env.NODE_ENV === 'production' || !hasTsx;

if (useBuilt && !existsSync(built)) {
  console.error(`Eerst bouwen: ${path.relative(root, built)} ontbreekt. Voer 'npm run build' uit (met de ontwikkelpakketten).`);
  process.exit(1);
}
const args = useBuilt ? [built] : ['--import', 'tsx', sources];
const child = spawn(process.execPath, [...args, ...process.argv.slice(2)], { cwd: process.cwd(), stdio: 'inherit' });
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => child.kill(signal));
child.on('exit', (code, signal) => process.exit(code ?? (signal ? 1 : 0)));

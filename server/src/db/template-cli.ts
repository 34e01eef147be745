/**
 * `npm run build` (after the server bundle): makes the prepared empty cluster for the built
 * server's migrations (db/template.ts), so that even the first start on a fresh data folder
 * skips initdb. Does nothing when it exists already or PGLITE_TEMPLATE_DIR is empty.
 */
import path from 'node:path';
import { defaultTemplateRoot, ensureTemplate } from './template.ts';

const root = defaultTemplateRoot();
if (root) {
  const template = await ensureTemplate(root);
  const where = path.relative(process.cwd(), path.dirname(template.pgdata));
  console.log(template.made ? `Lege database voorbereid in ${where}/` : `Lege database staat klaar in ${where}/`);
}

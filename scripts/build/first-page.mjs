import { existsSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { ROUTE_DOCUMENTS } from './output.mjs';

/**
 * Build step: index.html names every chunk and stylesheet of the first page, so the
 * browser fetches them in parallel with the entry instead of after it (no waterfall:
 * without this, the entry has to run and the router has to match the route before the
 * route's lazy chunks are even requested).
 *
 * `modules` are the source files of the first page's lazy screens; each one's chunk and
 * the chunks it imports statically get a `<link rel="modulepreload">`, their CSS a
 * stylesheet link (so it does not arrive after the first paint and shift the layout).
 * A listed module missing from the bundle fails the build: a moved file must be
 * renamed here, not silently lose its preload.
 *
 * `routes` are the other parts of the app a person opens directly (the back office, the
 * wizard's map step): for each, `index.<name>.html` is written next to index.html, the same
 * document with that part's chunks preloaded instead of the first page's, and
 * `index-routes.json` lists `{ prefix, file, frame }` for the server
 * (server/src/plugins/static-app.ts), which sends a path under `prefix` its own document with
 * the `frame` ('staff' or 'visitor') drawn ahead in it.
 */

/** A tag as Vite writes it into the document (attributes in order, `true` as a bare name). */
function serialize({ tag, attrs }) {
  const written = Object.entries(attrs).map(([name, value]) => (value === true ? name : `${name}="${value}"`));
  return `<${[tag, ...written].join(' ')}>`;
}

/**
 * @param {{ modules: string[], routes?: { name: string, prefix: string, frame: 'staff' | 'visitor', modules: string[] }[] }} options
 *   paths relative to the project root
 */
export function preloadFirstPage({ modules, routes = [] }) {
  let root = '';
  let base = '/';
  /** The documents of `routes`, made with index.html and written with the bundle. */
  let documents = [];
  return {
    name: 'meldloket:first-page-preload',
    apply: 'build',
    configResolved(config) {
      root = config.root.replace(/\\/g, '/').replace(/\/$/, '');
      base = config.base;
      // a module renamed or moved would silently drop out of the preloads: the build stops instead
      const missing = [...modules, ...routes.flatMap((route) => route.modules)].filter((module) => !existsSync(path.resolve(config.root, module)));
      if (missing.length > 0) throw new Error(`vite.config.ts names modules that do not exist: ${[...new Set(missing)].join(', ')}`);
    },
    transformIndexHtml: {
      order: 'post',
      handler(html, ctx) {
        const bundle = ctx.bundle;
        if (!bundle) return [];
        const tagsFor = preloadsOf(bundle);
        documents = routes.map(({ name, prefix, frame, modules: listed }) => ({
          prefix,
          file: `index.${name}.html`,
          frame,
          html: html.replace('</head>', `${tagsFor(listed, { drawnAhead: false }).map(serialize).join('\n    ')}\n  </head>`),
        }));
        return tagsFor(modules, { drawnAhead: true });
      },
    },
    writeBundle(options) {
      if (documents.length === 0) return;
      for (const { file, html } of documents) writeFileSync(path.join(options.dir, file), html);
      const list = documents.map(({ prefix, file, frame }) => ({ prefix, file, frame }));
      writeFileSync(path.join(options.dir, ROUTE_DOCUMENTS), `${JSON.stringify(list, null, 2)}\n`);
    },
  };

  /**
   * For a bundle: the modulepreload and stylesheet tags of the chunks (and their static imports) of
   * `listed` modules, beyond what the entry loads itself. A document whose screens are drawn ahead
   * (the first page) needs their stylesheets before its first paint; a document drawn with its frame
   * only fetches them early (`preload`) without holding the frame's paint: the app adds each
   * stylesheet, and waits for it, when it loads the screen that uses it.
   */
  function preloadsOf(bundle) {
    const chunks = Object.values(bundle).filter((file) => file.type === 'chunk');
    const entry = chunks.find((chunk) => chunk.isEntry);
    // what the entry loads already (Vite preloads its static imports itself)
    const already = new Set();
    const visitStatic = (fileName, into) => {
      if (into.has(fileName)) return;
      into.add(fileName);
      for (const imported of bundle[fileName]?.imports ?? []) visitStatic(imported, into);
    };
    if (entry) visitStatic(entry.fileName, already);
    return (listed, { drawnAhead }) => {
      const wanted = new Set();
      for (const module of listed) {
        const id = `${root}/${module}`;
        const chunk = chunks.find((c) => c.facadeModuleId === id) ?? chunks.find((c) => c.moduleIds.includes(id));
        if (!chunk) throw new Error(`first-page preload: ${module} is in no chunk of the build (moved or renamed? update vite.config.ts)`);
        visitStatic(chunk.fileName, wanted);
      }
      const tags = [];
      const css = new Set();
      for (const fileName of wanted) {
        if (already.has(fileName)) continue;
        tags.push({ tag: 'link', attrs: { rel: 'modulepreload', crossorigin: true, href: `${base}${fileName}` }, injectTo: 'head' });
        for (const sheet of bundle[fileName].viteMetadata?.importedCss ?? []) css.add(sheet);
      }
      for (const sheet of css) {
        if (entry?.viteMetadata?.importedCss?.has(sheet)) continue;
        const rel = drawnAhead ? { rel: 'stylesheet' } : { rel: 'preload', as: 'style' };
        tags.push({ tag: 'link', attrs: { ...rel, crossorigin: true, href: `${base}${sheet}` }, injectTo: 'head' });
      }
      return tags;
    };
  }
}

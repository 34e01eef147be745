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
 */

/** @param {{ modules: string[] }} options paths relative to the project root */
export function preloadFirstPage({ modules }) {
  let root = '';
  let base = '/';
  return {
    name: 'meldloket:first-page-preload',
    apply: 'build',
    configResolved(config) {
      root = config.root.replace(/\\/g, '/').replace(/\/$/, '');
      base = config.base;
    },
    transformIndexHtml: {
      order: 'post',
      handler(_html, ctx) {
        const bundle = ctx.bundle;
        if (!bundle) return [];
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
        const wanted = new Set();
        for (const module of modules) {
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
          tags.push({ tag: 'link', attrs: { rel: 'stylesheet', crossorigin: true, href: `${base}${sheet}` }, injectTo: 'head' });
        }
        return tags;
      },
    },
  };
}

/**
 * Build step: drops the design-system styles nothing uses.
 *
 * Rules: a selector naming a class of the design system (`.utrecht-…`) that no script of
 * the build and not index.html mentions can never match (the app writes its class names
 * as literals; it builds none from parts), so it goes; a rule left without selectors goes.
 * (A class inside `:not()` does not count: such a selector matches without it.)
 *
 * Tokens: the design tokens nothing uses go. The Utrecht token file declares
 * about 1,240 custom properties on :root; the browser keeps every one of them on every
 * element's computed style, which makes style recalculation slow on a phone. Kept are the
 * tokens some shipped style or script refers to (`var(--x)` in any CSS file of the build,
 * `--x` in any script), and the tokens those refer to, transitively. Only names with the
 * given prefix are pruned; the app's own --ml-* tokens, the theming interface for a
 * municipality, all stay.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import postcss from 'postcss';

const VAR_REF = /var\(\s*(--[\w-]+)/g;
const NAME_IN_SCRIPT = /--[a-zA-Z][\w-]*/g;
const NOT = /:not\((?:[^()]|\([^()]*\))*\)/g;

/**
 * @param {string[]} styles every stylesheet of the build
 * @param {string[]} scripts every script of the build
 * @param {string} prefix the token names that may go
 * @returns {string[]} the stylesheets without the unused tokens
 */
export function pruneTokens(styles, scripts, prefix = '--utrecht-') {
  const roots = styles.map((css) => postcss.parse(css));
  const classPrefix = prefix.replace(/^--/, '');
  const allScripts = scripts.join('\n');
  const classInUse = new Map();
  const mentioned = (name) => {
    if (!classInUse.has(name)) classInUse.set(name, new RegExp(`(?<![\\w-])${name}(?![\\w-])`).test(allScripts));
    return classInUse.get(name);
  };
  const CLASS = new RegExp(`\\.(${classPrefix}[\\w-]+)`, 'g');
  for (const root of roots) {
    root.walkRules((rule) => {
      if (rule.parent?.type === 'atrule' && /keyframes/.test(rule.parent.name)) return;
      // a class under :not() need not be in use for the selector to match
      const kept = rule.selectors.filter((selector) => [...selector.replace(NOT, '').matchAll(CLASS)].every((m) => mentioned(m[1])));
      if (kept.length === 0) rule.remove();
      else if (kept.length < rule.selectors.length) rule.selectors = kept;
    });
  }
  const definitions = new Map();
  const used = new Set();
  const refs = (value, into) => {
    for (const match of value.matchAll(VAR_REF)) into.add(match[1]);
  };
  for (const root of roots) {
    root.walkDecls((decl) => {
      if (decl.prop.startsWith('--')) {
        if (!definitions.has(decl.prop)) definitions.set(decl.prop, new Set());
        refs(decl.value, definitions.get(decl.prop));
      } else {
        refs(decl.value, used);
      }
    });
  }
  for (const code of scripts) for (const match of code.matchAll(NAME_IN_SCRIPT)) used.add(match[0]);
  // tokens that app tokens (never pruned) refer to are used too
  for (const [name, targets] of definitions) if (!name.startsWith(prefix)) targets.forEach((t) => used.add(t));
  const queue = [...used];
  while (queue.length > 0) {
    for (const next of definitions.get(queue.pop()) ?? []) {
      if (!used.has(next)) {
        used.add(next);
        queue.push(next);
      }
    }
  }
  return roots.map((root) => {
    root.walkDecls((decl) => {
      if (decl.prop.startsWith(prefix) && !used.has(decl.prop)) decl.remove();
    });
    root.walkRules((rule) => {
      if (rule.nodes.length === 0) rule.remove();
    });
    root.walkAtRules((atRule) => {
      if (atRule.nodes && atRule.nodes.length === 0) atRule.remove();
    });
    return root.toString();
  });
}

/** Vite plugin: prune the rules and tokens of every CSS file of the bundle. */
export function pruneUnusedTokens(prefix = '--utrecht-') {
  let indexHtml = '';
  return {
    name: 'meldloket:prune-tokens',
    apply: 'build',
    configResolved(config) {
      indexHtml = readFileSync(path.join(config.root, 'index.html'), 'utf8');
    },
    generateBundle: {
      order: 'post',
      handler(_options, bundle) {
        const styles = Object.values(bundle).filter((file) => file.type === 'asset' && file.fileName.endsWith('.css'));
        const scripts = [indexHtml, ...Object.values(bundle).filter((file) => file.type === 'chunk').map((chunk) => chunk.code)];
        const pruned = pruneTokens(styles.map((file) => String(file.source)), scripts, prefix);
        styles.forEach((file, i) => {
          file.source = pruned[i];
        });
      },
    },
  };
}

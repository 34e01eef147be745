/**
 * The build step that trims the design system's stylesheet (scripts/build/prune-tokens.mjs):
 * what a page can use stays, what nothing can match or read goes.
 */
import { describe, expect, it } from 'vitest';
import { pruneTokens } from '../../scripts/build/prune-tokens.mjs';

const CSS = [
  ':root{--utrecht-a:red;--utrecht-b:var(--utrecht-c);--utrecht-c:blue;--utrecht-unused:green;--ml-brand:var(--utrecht-e);--utrecht-e:1px}',
  '.utrecht-button{color:var(--utrecht-a)}',
  '.utrecht-button--busy{color:var(--utrecht-unused)}',
  '.utrecht-button:not(.utrecht-button--disabled):hover{background:var(--utrecht-b)}',
  '.ml-form,.utrecht-nowhere{margin:0}',
  '@media (min-width:40em){.utrecht-nowhere{padding:0}}',
].join('');

describe('trimming the design system at build time', () => {
  const [out] = pruneTokens([CSS], ['<body class="utrecht-document">', 'className: "utrecht-button"']);

  it('keeps the rules of classes the app uses, also with :not() of a class it never uses', () => {
    expect(out).toContain('.utrecht-button{color:var(--utrecht-a)}');
    expect(out).toContain('.utrecht-button:not(.utrecht-button--disabled):hover');
  });

  it('drops selectors of classes no script mentions, and rules and media queries left empty', () => {
    expect(out).not.toContain('utrecht-button--busy');
    expect(out).not.toContain('utrecht-nowhere');
    expect(out).toContain('.ml-form{margin:0}');
    expect(out).not.toContain('@media');
  });

  it('keeps the tokens a kept rule reads, transitively, and every app token with what it reads', () => {
    for (const token of ['--utrecht-a:', '--utrecht-b:', '--utrecht-c:', '--ml-brand:', '--utrecht-e:']) expect(out).toContain(token);
    expect(out).not.toContain('--utrecht-unused');
  });

  it('keeps a token a script sets or reads by name', () => {
    const [kept] = pruneTokens([':root{--utrecht-x:1px;--utrecht-y:2px}'], ['el.style.setProperty("--utrecht-x", "2px")']);
    expect(kept).toContain('--utrecht-x');
    expect(kept).not.toContain('--utrecht-y');
  });
});

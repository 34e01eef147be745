import ReactMarkdown, { type Components } from 'react-markdown';

const components: Components = {
  a: ({ node: _node, ...props }) => <a {...props} className="utrecht-link utrecht-link--html-a ml-link" />,
  p: ({ node: _node, ...props }) => <p {...props} className="utrecht-paragraph" />,
  ul: ({ node: _node, ...props }) => <ul {...props} className="utrecht-unordered-list" />,
};

/** Markdown without raw HTML: HTML in the text is left out, never rendered or run. */
export default function MarkdownRenderer({ children }: { children: string }) {
  return (
    <ReactMarkdown skipHtml components={components}>
      {children}
    </ReactMarkdown>
  );
}

export { PlainText, noticeText } from './PlainText.tsx';
export { Markdown } from './Markdown.tsx';

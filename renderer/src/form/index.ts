export { FormRenderer } from './FormRenderer.tsx';
export type { FormRendererProps } from './FormRenderer.tsx';
export { ErrorSummary, focusField } from './ErrorSummary.tsx';
export type { ErrorSummaryItem, ErrorSummaryProps } from './ErrorSummary.tsx';
export { shownErrors } from './errorRule.ts';
export type { ErrorRuleState } from './errorRule.ts';

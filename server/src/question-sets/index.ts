/** The question-set studio's server side (docs/studio-api.md). */
export { questionSetRoutes, QUESTION_SET_PERMISSION } from './routes.ts';
export { BUNDLE_AUTHOR, QUESTION_SET_MESSAGES } from './store.ts';

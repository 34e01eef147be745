export type { FollowupOptions, FollowupSignal, SignalPort, MailPort, OutgoingMail, StateEffects } from './ports.ts';
export type { FollowupTables } from './tables.ts';
export { AccessError, UUID_RE } from './sessions.ts';
export {
  FlowError,
  startReactionRequest,
  startEmailVerification,
  startFeedbackRequest,
  verifyEmailToken,
  completeReaction,
  closeUnansweredReactions,
  NO_REACTION_TEXT,
  REACTION_DAYS,
  FEEDBACK_DAYS,
  VERIFY_HOURS,
} from './flows.ts';
export { amsterdamIso } from './time.ts';
export type { Db } from './sessions.ts';
export { baseOf, SESSION_FAILURE } from './http.ts';
export type { FollowupRouteOptions } from './http.ts';
export type { FollowupService } from './plugin.ts';

/**
 * What the follow-up flows need from the rest of the server: the stored report
 * (signals are owned by the signals routes) and the outbox. The app wires real
 * implementations; tests may wire their own.
 */
import type { FileStore } from '../storage/index.ts';

export interface FollowupSignal {
  /** Public uuid (signal_id). */
  uuid: string;
  id: number;
  /** 'SIG-<id>' */
  display: string;
  text: string;
  /** Internal state code, e.g. 'm', 'reaction requested', 'o'. */
  state: string;
  createdAt: Date;
  reporterEmail: string | null;
  location: {
    lat: number;
    lng: number;
    addressText: string | null;
    address: Record<string, unknown> | null;
    stadsdeel: string | null;
  } | null;
  /** Public attachments of the report (absolute or root-relative URLs). */
  attachments: { url: string; filename: string; createdAt: Date; isImage: boolean }[];
}

export interface SignalPort {
  get(uuid: string): Promise<FollowupSignal | null>;
  /** Most recent reports first, for the development trigger page. */
  listRecent(limit: number): Promise<FollowupSignal[]>;
  /**
   * Moves the report to a state, with a text, as the system (a status update). In the app
   * this is the workflow: it checks the transition graph (FlowError when refused), writes
   * the history and does what entering the state does (the reply session and its mail for
   * 'reaction requested', the survey and closing mail for 'o'), and says what it made.
   */
  setState(uuid: string, state: string, text: string, session?: SessionEvent): Promise<StateEffects | void>;
  setReporterEmail(uuid: string, email: string): Promise<void>;
  /** A note in the report's history (as staff see it). */
  addNote(uuid: string, text: string): Promise<void>;
  /** A photo the reporter sent becomes a public attachment of the report (path relative to the media folder). */
  addAttachment(uuid: string, file: { filePath: string; filename: string; mimeType: string; size: number }): Promise<void>;
}

/**
 * What happened to a reaction request that the status change comes from: the reporter
 * answered (RECEIVE_SESSION) or the days to answer ran out (NOT_RECEIVED_SESSION). The
 * workflow writes it to the history in the status change's transaction (docs/reference/api.md#private).
 */
export interface SessionEvent {
  what: 'RECEIVE_SESSION' | 'NOT_RECEIVED_SESSION';
  /** The question the handler asked. */
  question: string;
}

/** What entering a state made (see SignalPort.setState). */
export interface StateEffects {
  reaction?: { sessionUuid: string; link: string };
  feedback?: { uuid: string; links: Record<'satisfied' | 'not_satisfied' | 'not_received', string> };
}

export interface OutgoingMail {
  to: string;
  subject: string;
  text: string;
}

export interface MailPort {
  send(mail: OutgoingMail): Promise<void>;
  /** The newest mails in the outbox, newest first (for the development page). */
  list?(limit: number): Promise<(OutgoingMail & { created_at: Date })[]>;
}

export interface FollowupOptions {
  signals: SignalPort;
  mail: MailPort;
  /** Base URL of the web app for links in mails, e.g. http://localhost:8080 (no trailing slash). */
  publicUrl: string;
  /** The store of uploaded files (reply photos go under qa/). */
  files: FileStore;
  /** Local folder for reply photos while they are received and checked. */
  tmpDir: string;
  /** Largest reply photo in bytes (API_MAX_UPLOAD_SIZE). */
  maxUploadBytes: number;
  /** Clock, for tests. */
  now?: () => Date;
}

/** The wire shapes the reply page reads (docs/reference/api.md#questionnaires, docs/reference/api.md#public-signal). */

export interface Href {
  href: string;
}

export interface QaQuestion {
  uuid: string;
  label: string;
  short_label: string;
  field_type: string;
  required: boolean;
  multiple_answers_allowed?: boolean;
}

export interface ExplanationFile {
  description: string;
  file: string;
  created_at?: string | null;
}

export interface ReplySession {
  uuid: string;
  _links: Record<string, Href | undefined> & {
    'sia:questionnaire'?: Href;
    'sia:public-signal'?: Href;
    'sia:post-answers'?: Href;
    'sia:post-attachments'?: Href;
    'sia:post-submit'?: Href;
  };
  questionnaire_explanation: { title: string; sections: { header: string; text: string; files: ExplanationFile[] }[] } | null;
  signal_snapshot: {
    signal_id: string;
    location: { geometrie: { type: 'Point'; coordinates: [number, number] }; address_text?: string | null } | null;
  } | null;
  path_questions: QaQuestion[];
}

export interface PublicSignal {
  signal_id: string;
  _display: string;
  created_at: string;
}

export interface Questionnaire {
  uuid: string;
  first_question: QaQuestion | null;
}

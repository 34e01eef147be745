/** Where the staff menu's items lead (docs/reference/screens.md#routes); the staff logo leads to the overview (APP_PATHS.incidents of the engine). */
export const REPORT_PATH = '/incident/beschrijf';
export const SIGNALERING_PATH = '/manage/signalering';
export const DEFAULT_TEXTS_V1_PATH = '/manage/v1/standaardteksten';
export const DEFAULT_TEXTS_V2_PATH = '/manage/v2/standaardteksten';
export const SETTINGS_PATH = '/instellingen/';
export const MY_MAIL_PATH = '/manage/mijn-mail';

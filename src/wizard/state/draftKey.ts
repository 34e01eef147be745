/** Where the tab keeps the wizard's draft (sessionStorage): its own module, so the first page's start-up can ask for it without the rest of persistence.ts. */
export const DRAFT_STORAGE_KEY = 'meldloket:wizard';

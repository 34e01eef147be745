/**
 * What the server answers to a personal link opened in a mail (confirm an address, stop following):
 * the screen's one call, made once per link for the life of the app (also when StrictMode mounts
 * the screen twice, or the resident comes back to it) through the app's query client; `settle`
 * turns the answer and a refusal into the screen's outcome, so the read never fails.
 */
import { useQuery } from '@tanstack/react-query';

export function useLinkOutcome<T>(link: readonly unknown[], settle: () => Promise<T>): T | undefined {
  return useQuery({ queryKey: ['link', ...link], queryFn: settle, staleTime: Infinity, retry: false }).data;
}

/**
 * What the page of a personal link shows and answers (the reply, the satisfaction survey, the external
 * party's page): read once; a refusal or a fault is what the page says, not asked again (the person
 * opens the link again).
 */
export function useLinkRead<T>(link: readonly unknown[], read: () => Promise<T>, enabled = true) {
  return useQuery({ queryKey: link, queryFn: read, enabled, retry: false, staleTime: Infinity });
}

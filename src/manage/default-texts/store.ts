/**
 * Default texts (standaardteksten) per status and subcategory, through either API of
 * docs/reference/api.md#private: v1 the older per-category templates (`…/status-message-templates`,
 * POST replaces every template of each state sent), v2 the status messages (CRUD,
 * and the order within a category by `POST /status-messages/category/{id}`).
 * The screen edits one ordered list of {title, text} for one status and subcategory.
 */
import { apiPath, API_PATHS, MANUAL_TARGETS, STATE_NAMES, type ApiClient } from '@meldloket/engine';
import type { StatusMessage } from '../incident/api.ts';
import { STATUS_MESSAGES_PATH } from '../incident/api.ts';
import { DEFAULT_TEXTS } from './texts.ts';

export type Version = 'v1' | 'v2';

/** Which API holds the texts the status form offers: the status messages (v2) when their screen is on, else the templates (v1). */
export const defaultTextsVersion = (features: { showStandardTextAdminV2: boolean }): Version => (features.showStandardTextAdminV2 ? 'v2' : 'v1');

/** The statuses default texts exist for (docs/reference/statuses.md#states-and-transitions: the manual targets). */
export const TEXT_STATES = MANUAL_TARGETS.map((code) => ({ code, name: STATE_NAMES[code] }));

export const TITLE_MAX = 255;

export interface TextItem {
  /** v2: the status message's id; absent for a new one and in v1. */
  id?: number;
  key: string;
  title: string;
  text: string;
}

export interface Subcategory {
  id: number;
  /** Public URL path …/terms/categories/{main}/sub_categories/{sub}. */
  url: string;
}

type Api = ApiClient<AbortSignal>;
type Page<T> = { results: T[] };

const templatesPath = (sub: Subcategory) => `${sub.url.replace('/public/terms/', '/private/terms/')}/status-message-templates`;

let counter = 0;
export const newKey = () => `t${++counter}`;

export function itemErrors(items: readonly TextItem[]): Record<string, { title?: string; text?: string }> {
  const errors: Record<string, { title?: string; text?: string }> = {};
  for (const item of items) {
    const e: { title?: string; text?: string } = {};
    if (!item.title.trim()) e.title = DEFAULT_TEXTS.required;
    else if (item.title.length > TITLE_MAX) e.title = DEFAULT_TEXTS.tooLong(TITLE_MAX);
    if (!item.text.trim()) e.text = DEFAULT_TEXTS.required;
    if (e.title || e.text) errors[item.key] = e;
  }
  return errors;
}

export function move<T>(list: readonly T[], index: number, step: -1 | 1): T[] {
  const target = index + step;
  if (target < 0 || target >= list.length) return [...list];
  const next = [...list];
  [next[index], next[target]] = [next[target]!, next[index]!];
  return next;
}

export interface TextsStore {
  load(sub: Subcategory, state: string, signal?: AbortSignal): Promise<TextItem[]>;
  save(sub: Subcategory, state: string, items: readonly TextItem[], before: readonly TextItem[]): Promise<TextItem[]>;
}

export function textsStore(api: Api, version: Version): TextsStore {
  if (version === 'v1') {
    type Templates = Array<{ state: string; templates: Array<{ title: string; text: string; is_active?: boolean }> }>;
    const load = async (sub: Subcategory, state: string, signal?: AbortSignal) => {
      const all = await api.get<Templates>(templatesPath(sub), { signal });
      return (all.find((s) => s.state === state)?.templates ?? []).map((t) => ({ key: newKey(), title: t.title, text: t.text }));
    };
    return {
      load,
      async save(sub, state, items) {
        await api.post(templatesPath(sub), [{ state, templates: items.map((i) => ({ title: i.title.trim(), text: i.text.trim(), is_active: true })) }]);
        return load(sub, state);
      },
    };
  }
  const load = async (sub: Subcategory, state: string, signal?: AbortSignal) => {
    const page = await api.get<Page<StatusMessage>>(STATUS_MESSAGES_PATH, { query: { state, category_id: sub.id, page_size: 1000 }, signal });
    return page.results.filter((m) => m.active !== false).map((m) => ({ id: m.id, key: `m${m.id}`, title: m.title, text: m.text }));
  };
  return {
    load,
    async save(sub, state, items, before) {
      const ids: number[] = [];
      for (const item of items) {
        const body = { title: item.title.trim(), text: item.text.trim() };
        if (item.id === undefined) {
          const created = await api.post<StatusMessage>(STATUS_MESSAGES_PATH, { ...body, state, categories: [sub.id], active: true });
          ids.push(created.id);
        } else {
          const old = before.find((b) => b.id === item.id);
          if (!old || old.title !== item.title || old.text !== item.text) await api.patch(apiPath(API_PATHS.statusMessage, { id: item.id }), body);
          ids.push(item.id);
        }
      }
      for (const old of before) if (old.id !== undefined && !items.some((i) => i.id === old.id)) await api.delete(apiPath(API_PATHS.statusMessage, { id: old.id }));
      if (ids.length) await api.post(apiPath(API_PATHS.statusMessagesOfCategory, { category_id: sub.id }), ids.map((id, position) => ({ status_message: id, position })));
      return load(sub, state);
    },
  };
}

/** The report's photos as thumbnails; a thumbnail opens the lightbox (arrow keys, Escape, focus kept inside). */
import { useEffect, useState } from 'react';
import { isPrivateApiPath, formatCreatedAt } from '@meldloket/engine';
import { useAuth } from '../../auth/index.ts';
import { Lightbox } from '../../reply/Lightbox.tsx';
import '../../reply/reply.css';
import type { Attachment } from './api.ts';
import { useAttachments } from './queries.ts';
import { INCIDENT_TEXTS } from './texts.ts';

const T = INCIDENT_TEXTS.photos;

type State = { kind: 'loading' } | { kind: 'failed' } | { kind: 'ready'; list: Attachment[] };

/** A staff-only file's `location` is the private route, which wants the staff member's token (an <img> cannot send it). */
const isPrivate = (location: string) => isPrivateApiPath(new URL(location, window.location.href).pathname);

/**
 * The attachments with every staff-only image fetched with the token and shown from a blob URL
 * (revoked by `urls`' owner); public ones keep their URL.
 */
async function withPrivateImages(list: Attachment[], token: string | null, signal: AbortSignal, urls: string[]): Promise<Attachment[]> {
  return Promise.all(
    list.map(async (a) => {
      if (!a.is_image || !isPrivate(a.location)) return a;
      const response = await fetch(a.location, { headers: token ? { Authorization: `Bearer ${token}` } : {}, signal });
      if (!response.ok) throw new Error(`${response.status}`);
      const url = URL.createObjectURL(await response.blob());
      urls.push(url);
      return { ...a, location: url };
    }),
  );
}

export function Photos({ incidentId }: { incidentId: number }) {
  const attachments = useAttachments(incidentId);
  const { getToken } = useAuth();
  const [state, setState] = useState<State>({ kind: 'loading' });
  const [open, setOpen] = useState<number | null>(null);

  // the list is the attachments' (read once for this and the attachment list); the staff-only images are fetched with the token
  useEffect(() => {
    if (attachments.isError) setState({ kind: 'failed' });
    if (!attachments.data) return;
    const controller = new AbortController();
    const urls: string[] = [];
    withPrivateImages(attachments.data, getToken(), controller.signal, urls)
      .then(
        (list) => !controller.signal.aborted && setState({ kind: 'ready', list }),
        () => !controller.signal.aborted && setState({ kind: 'failed' }),
      );
    return () => {
      controller.abort();
      for (const url of urls) URL.revokeObjectURL(url);
    };
  }, [attachments.data, attachments.isError, getToken]);

  if (state.kind === 'loading') return null;
  if (state.kind === 'failed') return <p className="utrecht-paragraph ml-incident__error">{T.failed}</p>;
  const images = state.list.filter((a) => a.is_image);
  if (images.length === 0) return null;
  const files = images.map((a, i) => ({ file: a.location, description: T.description(i + 1), created_at: a.created_at }));

  return (
    <section aria-labelledby="incident-photos">
      <h2 id="incident-photos" className="utrecht-heading-2">
        {T.heading}
      </h2>
      <ul className="ml-incident__photos">
        {files.map((file, i) => (
          <li key={file.file}>
            <button type="button" className="ml-incident__photo" onClick={() => setOpen(i)} aria-label={T.open(i + 1)}>
              <img src={file.file} alt="" />
            </button>
            <span className="ml-incident__photo-date">{formatCreatedAt(file.created_at)}</span>
          </li>
        ))}
      </ul>
      {open !== null && <Lightbox files={files} index={open} onIndex={setOpen} onClose={() => setOpen(null)} />}
    </section>
  );
}

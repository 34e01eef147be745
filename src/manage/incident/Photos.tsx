/** The report's photos as thumbnails; a thumbnail opens the lightbox (arrow keys, Escape, focus kept inside). */
import { useEffect, useState } from 'react';
import { formatCreatedAt } from '@meldloket/engine';
import { useApi } from '../../api/index.ts';
import { Lightbox } from '../../reply/Lightbox.tsx';
import '../../reply/reply.css';
import { incidentApi, type Attachment } from './api.ts';
import { INCIDENT_TEXTS } from './texts.ts';

const T = INCIDENT_TEXTS.photos;

type State = { kind: 'loading' } | { kind: 'failed' } | { kind: 'ready'; list: Attachment[] };

export function Photos({ incidentId, version }: { incidentId: number; version: number }) {
  const api = useApi();
  const [state, setState] = useState<State>({ kind: 'loading' });
  const [open, setOpen] = useState<number | null>(null);

  useEffect(() => {
    const controller = new AbortController();
    incidentApi(api)
      .attachments(incidentId, controller.signal)
      .then(
        (list) => setState({ kind: 'ready', list }),
        () => !controller.signal.aborted && setState({ kind: 'failed' }),
      );
    return () => controller.abort();
  }, [api, incidentId, version]);

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

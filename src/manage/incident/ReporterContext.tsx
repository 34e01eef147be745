/** What is known of the reporter's other reports (spec §3 'Reporter context counts', contract `sia:context`). */
import { useEffect, useState } from 'react';
import { useApi } from '../../api/index.ts';
import { incidentApi, type ReporterContext as Context } from './api.ts';
import { INCIDENT_TEXTS } from './texts.ts';

const T = INCIDENT_TEXTS.context;

export function ReporterContext({ incidentId }: { incidentId: number }) {
  const api = useApi();
  const [context, setContext] = useState<Context | 'failed' | null>(null);
  useEffect(() => {
    const controller = new AbortController();
    incidentApi(api)
      .context(incidentId, controller.signal)
      .then(setContext, () => !controller.signal.aborted && setContext('failed'));
    return () => controller.abort();
  }, [api, incidentId]);

  if (context === null) return null;
  return (
    <section aria-labelledby="incident-reporter">
      <h2 id="incident-reporter" className="utrecht-heading-2">
        {T.heading}
      </h2>
      <p className="utrecht-paragraph">{context === 'failed' ? T.failed : context.reporter ? T.counts(context.reporter) : T.unknown}</p>
    </section>
  );
}
